#ifndef EFFECT_RUNNING_CALL_H
#define EFFECT_RUNNING_CALL_H

/* The plugin function this thread is inside, if any: a NUL-terminated name
 * in static memory, or NULL. Thread-local, so that a crash or an exit() is
 * named with the call of the thread it happened on, and plain loads and
 * stores, so that a signal handler may read it. */
const char *effect_running_call(void);
void effect_set_running_call(const char *name);

#endif
