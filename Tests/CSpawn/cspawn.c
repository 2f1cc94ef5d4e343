#define _GNU_SOURCE
#include <spawn.h>

#include "cspawn.h"

int roster_spawn_close_from(void *actions, int lowest) {
  return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}

int roster_spawn_chdir(void *actions, const char *path) {
  return posix_spawn_file_actions_addchdir_np(actions, path);
}
