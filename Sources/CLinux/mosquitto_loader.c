#define _GNU_SOURCE
#include "mosquitto_loader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One loaded library: its name and its table. Loaded libraries are never closed (libssl does
 * not survive being unloaded), so the list only grows, by one entry per distinct name. */
struct loaded_library {
    struct loaded_library *next;
    char *name;
    struct clinux_mosquitto_api api;
};

static pthread_mutex_t loaded_lock = PTHREAD_MUTEX_INITIALIZER;
static struct loaded_library *loaded_list = NULL;

static void report(char *buffer, size_t size, const char *text) {
    if (buffer != NULL && size > 0) snprintf(buffer, size, "%s", text != NULL ? text : "");
}

/* Resolves `symbol` into `slot`; on failure reports the symbol and returns 0. */
static int resolve(void *library, const char *symbol, void *slot, size_t slot_size, char *missing, size_t missing_size, char *detail,
                   size_t detail_size) {
    dlerror();
    void *address = dlsym(library, symbol);
    if (address == NULL) {
        report(missing, missing_size, symbol);
        report(detail, detail_size, dlerror());
        return 0;
    }
    memcpy(slot, &address, slot_size);
    return 1;
}

#define RESOLVE(field, symbol)                                                                                          \
    if (!resolve(library, symbol, &api->field, sizeof api->field, missing, missing_size, detail, detail_size)) return 0

static int resolve_all(void *library, struct clinux_mosquitto_api *api, char *missing, size_t missing_size, char *detail,
                       size_t detail_size) {
    RESOLVE(lib_init, "mosquitto_lib_init");
    RESOLVE(new_client, "mosquitto_new");
    RESOLVE(destroy, "mosquitto_destroy");
    RESOLVE(int_option, "mosquitto_int_option");
    RESOLVE(username_pw_set, "mosquitto_username_pw_set");
    RESOLVE(will_set, "mosquitto_will_set");
    RESOLVE(tls_set, "mosquitto_tls_set");
    RESOLVE(tls_opts_set, "mosquitto_tls_opts_set");
    RESOLVE(tls_insecure_set, "mosquitto_tls_insecure_set");
    RESOLVE(property_add_int32, "mosquitto_property_add_int32");
    RESOLVE(property_free_all, "mosquitto_property_free_all");
    RESOLVE(connect_bind_v5, "mosquitto_connect_bind_v5");
    RESOLVE(connect_bind_async, "mosquitto_connect_bind_async");
    RESOLVE(reconnect_async, "mosquitto_reconnect_async");
    RESOLVE(disconnect, "mosquitto_disconnect");
    RESOLVE(publish, "mosquitto_publish");
    RESOLVE(subscribe, "mosquitto_subscribe");
    RESOLVE(loop_read, "mosquitto_loop_read");
    RESOLVE(loop_write, "mosquitto_loop_write");
    RESOLVE(loop_misc, "mosquitto_loop_misc");
    RESOLVE(socket, "mosquitto_socket");
    RESOLVE(want_write, "mosquitto_want_write");
    RESOLVE(connect_callback_set, "mosquitto_connect_callback_set");
    RESOLVE(disconnect_callback_set, "mosquitto_disconnect_callback_set");
    RESOLVE(publish_v5_callback_set, "mosquitto_publish_v5_callback_set");
    RESOLVE(message_callback_set, "mosquitto_message_callback_set");
    RESOLVE(subscribe_callback_set, "mosquitto_subscribe_callback_set");
    RESOLVE(strerror, "mosquitto_strerror");
    RESOLVE(connack_string, "mosquitto_connack_string");
    RESOLVE(reason_string, "mosquitto_reason_string");
    return 1;
}

const struct clinux_mosquitto_api *clinux_mosquitto_load(const char *name, char *missing, size_t missing_size, char *detail,
                                                          size_t detail_size) {
    report(missing, missing_size, "");
    report(detail, detail_size, "");
    if (name == NULL) {
        report(missing, missing_size, "(no library name)");
        return NULL;
    }
    pthread_mutex_lock(&loaded_lock);
    for (struct loaded_library *entry = loaded_list; entry != NULL; entry = entry->next) {
        if (strcmp(entry->name, name) == 0) {
            pthread_mutex_unlock(&loaded_lock);
            return &entry->api;
        }
    }
    const struct clinux_mosquitto_api *result = NULL;
    void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        report(missing, missing_size, name);
        report(detail, detail_size, dlerror());
    } else {
        struct loaded_library *entry = calloc(1, sizeof *entry);
        char *copy = strdup(name);
        if (entry == NULL || copy == NULL) {
            free(entry);
            free(copy);
            report(missing, missing_size, name);
            report(detail, detail_size, "out of memory");
        } else if (!resolve_all(library, &entry->api, missing, missing_size, detail, detail_size)) {
            free(entry);
            free(copy);
            dlclose(library);
        } else {
            entry->api.lib_init();
            entry->name = copy;
            entry->next = loaded_list;
            loaded_list = entry;
            result = &entry->api;
        }
    }
    pthread_mutex_unlock(&loaded_lock);
    return result;
}
