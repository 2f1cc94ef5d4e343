#ifndef ROSTER_CSPAWN_H
#define ROSTER_CSPAWN_H

// `actions` is a posix_spawn_file_actions_t *. It is passed untyped so that this header does not
// include <spawn.h>: a module that did would own those declarations, and Swift files that use
// posix_spawn through Glibc would then need to import this one too.

/// Adds to `actions` the closing of every descriptor from `lowest` up, in the child, before it
/// runs its program (glibc's posix_spawn_file_actions_addclosefrom_np, which Swift's Glibc
/// module does not show). Without it a child keeps every descriptor this process opened
/// without FD_CLOEXEC, such as a file being written at that moment ("Text file busy").
/// Returns 0, or an error number.
int roster_spawn_close_from(void *actions, int lowest);

/// Adds to `actions` a change of the child's working directory to `path`
/// (posix_spawn_file_actions_addchdir_np). Returns 0, or an error number.
int roster_spawn_chdir(void *actions, const char *path);

#endif
