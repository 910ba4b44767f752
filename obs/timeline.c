/*
 * timeline.c: a source's effect as params it was made from plus events at
 * times, so that it can be made again with some of them changed.
 *
 * OBS hands a source its settings as they are now; the effect needs them
 * as a history: the params it was made from, then each live change at the
 * time it was made. Seeking back shows that history as it was (the
 * instance keeps its events); a change made after seeking back rewrites
 * the history from there (the later events are dropped, as an editor
 * drops the redo stack); a param set back to its default is taken out of
 * the history, so the effect's own default (which may follow the
 * appearance) holds, and every other event stays.
 */
#include "effect_obs.h"

#include <string.h>

void effect_obs_value_keep(effect_value *to, const effect_value *from) {
    *to = *from;
    if ((from->type == EFFECT_TYPE_STRING || from->type == EFFECT_TYPE_ENUM) && from->string != NULL)
        to->string = bstrdup(from->string);
}

void effect_obs_value_drop(effect_value *value) {
    if (value->type == EFFECT_TYPE_STRING || value->type == EFFECT_TYPE_ENUM) bfree((char *)value->string);
    memset(value, 0, sizeof *value);
}

static const char *param_name(const timeline *line, uint32_t param) {
    effect_param_info info;
    effect_obs_param(line->type, param, &info);
    return info.name;
}

void timeline_init(timeline *line, const effect_type *type) {
    memset(line, 0, sizeof *line);
    line->type = type;
    line->base = bzalloc((type->param_count + 1) * sizeof *line->base);
    line->base_given = bzalloc((type->param_count + 1) * sizeof *line->base_given);
}

static void drop_events_after(timeline *line, double t) {
    size_t kept = 0;
    for (size_t i = 0; i < line->count; i++) {
        if (line->events[i].t <= t) line->events[kept++] = line->events[i];
        else effect_obs_value_drop(&line->events[i].value);
    }
    line->count = kept;
}

void timeline_free(timeline *line) {
    effect_host_instance_free(line->instance);
    line->instance = NULL;
    drop_events_after(line, -1);
    for (uint32_t i = 0; line->base != NULL && i < line->type->param_count; i++) effect_obs_value_drop(&line->base[i]);
    bfree(line->base);
    bfree(line->base_given);
    bfree(line->events);
    memset(line, 0, sizeof *line);
}

/* Makes the instance from the base params and sets every event again. */
static int remake(timeline *line, effect_error *error) {
    effect_host_instance_free(line->instance);
    line->instance = NULL;
    const effect_type *type = line->type;
    effect_param_setting *settings = bzalloc((type->param_count + 1) * sizeof *settings);
    uint32_t count = 0;
    for (uint32_t i = 0; i < type->param_count; i++)
        if (line->base_given[i]) {
            settings[count].name = param_name(line, i);
            settings[count].value = line->base[i];
            count++;
        }
    effect_status status = effect_host_instance_create(type->plugin, type->effect_id, settings, count, &line->instance, error);
    bfree(settings);
    for (size_t i = 0; status == EFFECT_OK && i < line->count; i++)
        status = effect_host_instance_set_param(line->instance, param_name(line, line->events[i].param),
                                                &line->events[i].value, line->events[i].t, error);
    if (status != EFFECT_OK) {
        effect_host_instance_free(line->instance);
        line->instance = NULL;
        return 0;
    }
    return 1;
}

int timeline_start(timeline *line, const effect_value *values, const int *given, effect_error *error) {
    drop_events_after(line, -1);
    for (uint32_t i = 0; i < line->type->param_count; i++) {
        effect_obs_value_drop(&line->base[i]);
        line->base_given[i] = given[i];
        if (given[i]) effect_obs_value_keep(&line->base[i], &values[i]);
    }
    return remake(line, error);
}

int timeline_event(timeline *line, uint32_t param, const effect_value *value, double t, effect_error *error) {
    if (line->instance == NULL) return 0;
    if (line->count > 0 && t < line->events[line->count - 1].t) {
        drop_events_after(line, t);
        if (!remake(line, error)) return 0;
    }
    if (effect_host_instance_set_param(line->instance, param_name(line, param), value, t, error) != EFFECT_OK) return 0;
    if (line->count == line->capacity) {
        line->capacity = line->capacity ? line->capacity * 2 : 8;
        line->events = brealloc(line->events, line->capacity * sizeof *line->events);
    }
    line->events[line->count].t = t;
    line->events[line->count].param = param;
    effect_obs_value_keep(&line->events[line->count].value, value);
    line->count++;
    return 1;
}

int timeline_forget(timeline *line, uint32_t param, effect_error *error) {
    effect_obs_value_drop(&line->base[param]);
    line->base_given[param] = 0;
    size_t kept = 0;
    for (size_t i = 0; i < line->count; i++) {
        if (line->events[i].param != param) line->events[kept++] = line->events[i];
        else effect_obs_value_drop(&line->events[i].value);
    }
    line->count = kept;
    return remake(line, error);
}
