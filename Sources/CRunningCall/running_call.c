#include "running_call.h"

static _Thread_local const char *running;

const char *effect_running_call(void) { return running; }

void effect_set_running_call(const char *name) { running = name; }
