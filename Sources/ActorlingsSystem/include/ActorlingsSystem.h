// The few system calls Swift cannot call directly — variadic in C, or declared by the C library
// only under feature macros (`_GNU_SOURCE`) or SDK versions that Swift's own modules don't set —
// as plain functions with fixed arguments, and the constants they take, named as the system's
// headers name them. Nothing here decides anything: each function is one call.
#ifndef ACTORLINGS_SYSTEM_H
#define ACTORLINGS_SYSTEM_H

#include <stddef.h>
#include <stdint.h>

// MARK: - Spawning (POSIX; the spawn objects are passed as untyped pointers, so that the Swift
// side keeps using the types its own Glibc or Darwin module declares)

/// Makes the child start in `path`: glibc's `posix_spawn_file_actions_addchdir_np` (2.29);
/// Darwin's `posix_spawn_file_actions_addchdir` where the SDK and the running system have it,
/// else its `_np` spelling (macOS 10.15, deprecated by the macOS 26 SDK). Returns an errno value.
int actorlings_spawn_addchdir(void *actions, const char *path);

/// Closes every descriptor from `lowest` on in the child (glibc 2.34's
/// `posix_spawn_file_actions_addclosefrom_np`); `ENOSYS` where the C library has none (Darwin
/// gets the same effect from `POSIX_SPAWN_CLOEXEC_DEFAULT`).
int actorlings_spawn_addclosefrom(void *actions, int lowest);

/// The spawn attribute flag that starts the child in a new session (`POSIX_SPAWN_SETSID`).
short actorlings_spawn_setsid_flag(void);

/// A pipe whose ends are both close-on-exec: `pipe2(…, O_CLOEXEC)` where it exists (Linux),
/// else `pipe` then `fcntl` (Darwin). Returns 0, or -1 with `errno` set.
int actorlings_pipe_cloexec(int ends[2]);

#if defined(__linux__)

// MARK: - Linux: prctl, syscall and their constants (<sys/prctl.h>, <linux/*.h>)

/// `prctl(2)` with four integer arguments (the ones an option does not use are 0).
int actorlings_prctl(int option, unsigned long a, unsigned long b, unsigned long c, unsigned long d);

/// `syscall(2)` with four integer arguments after the number.
long actorlings_syscall(long number, long a, long b, long c, long d);

/// `RLIMIT_NPROC`, which glibc declares in an enum Swift's Glibc module does not import.
int actorlings_rlimit_nproc(void);

enum {
    ACTORLINGS_PR_GET_SECCOMP = 21,
    ACTORLINGS_PR_SET_SECCOMP = 22,
    ACTORLINGS_PR_CAPBSET_DROP = 24,
    ACTORLINGS_PR_SET_SECUREBITS = 28,
    ACTORLINGS_PR_SET_CHILD_SUBREAPER = 36,
    ACTORLINGS_PR_SET_NO_NEW_PRIVS = 38,
    ACTORLINGS_PR_CAP_AMBIENT = 47,
    ACTORLINGS_PR_CAP_AMBIENT_CLEAR_ALL = 4,
    ACTORLINGS_SECCOMP_MODE_FILTER = 2,
    ACTORLINGS_LANDLOCK_CREATE_RULESET_VERSION = 1,
    ACTORLINGS_LANDLOCK_RULE_PATH_BENEATH = 1,
    ACTORLINGS_O_PATH = 010000000,
};

/// System call numbers: Landlock's are the same on every architecture (Linux 5.13);
/// `capset`'s is the architecture's own. -1 where this build's headers do not know it.
long actorlings_sys_landlock_create_ruleset(void);
long actorlings_sys_landlock_add_rule(void);
long actorlings_sys_landlock_restrict_self(void);
long actorlings_sys_capset(void);

#endif

#endif
