#if defined(__APPLE__)
#include "ActorlingsSystem.h"

#include <Availability.h>
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <unistd.h>

int actorlings_spawn_addchdir(void *actions, const char *path) {
    posix_spawn_file_actions_t *fileActions = (posix_spawn_file_actions_t *)actions;
#if defined(__MAC_26_0) && __MAC_OS_X_VERSION_MAX_ALLOWED >= __MAC_26_0
    // Built with the macOS 26 SDK: the standard name where the running system has it.
    if (__builtin_available(macOS 26.0, *)) {
        return posix_spawn_file_actions_addchdir(fileActions, path);
    }
#endif
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
    return posix_spawn_file_actions_addchdir_np(fileActions, path);
#pragma clang diagnostic pop
}

int actorlings_spawn_addclosefrom(void *actions, int lowest) {
    (void)actions;
    (void)lowest;
    return ENOSYS;
}

short actorlings_spawn_setsid_flag(void) { return POSIX_SPAWN_SETSID; }

int actorlings_pipe_cloexec(int ends[2]) {
    if (pipe(ends) != 0) return -1;
    if (fcntl(ends[0], F_SETFD, FD_CLOEXEC) != 0 || fcntl(ends[1], F_SETFD, FD_CLOEXEC) != 0) {
        int saved = errno;
        close(ends[0]);
        close(ends[1]);
        errno = saved;
        return -1;
    }
    return 0;
}
#endif
