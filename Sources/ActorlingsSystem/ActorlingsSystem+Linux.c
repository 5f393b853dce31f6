#if defined(__linux__)
// glibc declares pipe2, the spawn extensions and the full prctl interface only under _GNU_SOURCE.
#define _GNU_SOURCE
#include "ActorlingsSystem.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(PR_SET_SECCOMP)
_Static_assert(ACTORLINGS_PR_SET_SECCOMP == PR_SET_SECCOMP, "PR_SET_SECCOMP");
_Static_assert(ACTORLINGS_PR_GET_SECCOMP == PR_GET_SECCOMP, "PR_GET_SECCOMP");
_Static_assert(ACTORLINGS_PR_CAPBSET_DROP == PR_CAPBSET_DROP, "PR_CAPBSET_DROP");
_Static_assert(ACTORLINGS_PR_SET_SECUREBITS == PR_SET_SECUREBITS, "PR_SET_SECUREBITS");
_Static_assert(ACTORLINGS_PR_SET_CHILD_SUBREAPER == PR_SET_CHILD_SUBREAPER, "PR_SET_CHILD_SUBREAPER");
_Static_assert(ACTORLINGS_PR_SET_NO_NEW_PRIVS == PR_SET_NO_NEW_PRIVS, "PR_SET_NO_NEW_PRIVS");
_Static_assert(ACTORLINGS_PR_CAP_AMBIENT == PR_CAP_AMBIENT, "PR_CAP_AMBIENT");
_Static_assert(ACTORLINGS_PR_CAP_AMBIENT_CLEAR_ALL == PR_CAP_AMBIENT_CLEAR_ALL, "PR_CAP_AMBIENT_CLEAR_ALL");
#endif
_Static_assert(ACTORLINGS_O_PATH == O_PATH, "O_PATH");

int actorlings_spawn_addchdir(void *actions, const char *path) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 29))
    return posix_spawn_file_actions_addchdir_np((posix_spawn_file_actions_t *)actions, path);
#else
    (void)actions;
    (void)path;
    return ENOSYS;
#endif
}

int actorlings_spawn_addclosefrom(void *actions, int lowest) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    return posix_spawn_file_actions_addclosefrom_np((posix_spawn_file_actions_t *)actions, lowest);
#else
    (void)actions;
    (void)lowest;
    return ENOSYS;
#endif
}

short actorlings_spawn_setsid_flag(void) { return POSIX_SPAWN_SETSID; }

int actorlings_pipe_cloexec(int ends[2]) { return pipe2(ends, O_CLOEXEC); }

int actorlings_prctl(int option, unsigned long a, unsigned long b, unsigned long c, unsigned long d) {
    return prctl(option, a, b, c, d);
}

long actorlings_syscall(long number, long a, long b, long c, long d) { return syscall(number, a, b, c, d); }

int actorlings_rlimit_nproc(void) { return RLIMIT_NPROC; }

long actorlings_sys_landlock_create_ruleset(void) {
#if defined(SYS_landlock_create_ruleset)
    return SYS_landlock_create_ruleset;
#else
    return 444;
#endif
}

long actorlings_sys_landlock_add_rule(void) {
#if defined(SYS_landlock_add_rule)
    return SYS_landlock_add_rule;
#else
    return 445;
#endif
}

long actorlings_sys_landlock_restrict_self(void) {
#if defined(SYS_landlock_restrict_self)
    return SYS_landlock_restrict_self;
#else
    return 446;
#endif
}

long actorlings_sys_capset(void) {
#if defined(SYS_capset)
    return SYS_capset;
#else
    return -1;
#endif
}
#endif
