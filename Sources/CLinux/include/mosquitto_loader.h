#ifndef CLINUX_MOSQUITTO_LOADER_H
#define CLINUX_MOSQUITTO_LOADER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The part of libmosquitto 2.0's ABI (mosquitto.h of Debian's libmosquitto-dev 2.0.11) that
 * pn532ctl's MQTT client uses, declared here so that building needs no -dev package: the
 * library is opened with dlopen at first use, never linked, so a process that never speaks
 * MQTT (the door) maps neither libmosquitto nor libssl. */

/// A client (opaque; mosquitto.h's `struct mosquitto`).
struct mosquitto;
/// A list of MQTT 5 properties (opaque; mosquitto.h's `mosquitto_property`).
struct mqtt5__property;

/// A received message, laid out as mosquitto.h's `struct mosquitto_message`.
struct clinux_mosquitto_message {
    int mid;
    char *topic;
    void *payload;
    int payloadlen;
    int qos;
    bool retain;
};

/// mosquitto.h's constants this client uses.
enum {
    CLINUX_MOSQ_ERR_SUCCESS = 0,
    CLINUX_MOSQ_ERR_INVAL = 3,
    CLINUX_MOSQ_ERR_NO_CONN = 4,
    CLINUX_MOSQ_ERR_CONN_REFUSED = 5,
    CLINUX_MOSQ_ERR_CONN_LOST = 7,
    CLINUX_MOSQ_ERR_TLS = 8,
    CLINUX_MOSQ_ERR_PAYLOAD_SIZE = 9,
    CLINUX_MOSQ_ERR_ERRNO = 14,
    CLINUX_MOSQ_ERR_OVERSIZE_PACKET = 25,
    CLINUX_MOSQ_OPT_PROTOCOL_VERSION = 1,
    CLINUX_MQTT_PROTOCOL_V311 = 4,
    CLINUX_MQTT_PROTOCOL_V5 = 5,
    CLINUX_MQTT_PROP_SESSION_EXPIRY_INTERVAL = 17,
    CLINUX_MQTT_PROP_MAXIMUM_PACKET_SIZE = 39,
    CLINUX_SSL_VERIFY_PEER = 1,
};

typedef void (*clinux_mosquitto_connect_cb)(struct mosquitto *, void *, int);
typedef void (*clinux_mosquitto_disconnect_cb)(struct mosquitto *, void *, int);
typedef void (*clinux_mosquitto_publish_cb)(struct mosquitto *, void *, int, int, const struct mqtt5__property *);
typedef void (*clinux_mosquitto_message_cb)(struct mosquitto *, void *, const struct clinux_mosquitto_message *);
typedef void (*clinux_mosquitto_subscribe_cb)(struct mosquitto *, void *, int, int, const int *);

/// libmosquitto's functions, resolved with dlsym. Every field is set once loading succeeded.
struct clinux_mosquitto_api {
    int (*lib_init)(void);
    struct mosquitto *(*new_client)(const char *id, bool clean_session, void *obj);
    void (*destroy)(struct mosquitto *mosq);
    int (*int_option)(struct mosquitto *mosq, int option, int value);
    int (*username_pw_set)(struct mosquitto *mosq, const char *username, const char *password);
    int (*will_set)(struct mosquitto *mosq, const char *topic, int payloadlen, const void *payload, int qos, bool retain);
    int (*tls_set)(struct mosquitto *mosq, const char *cafile, const char *capath, const char *certfile, const char *keyfile,
                   int (*pw_callback)(char *buf, int size, int rwflag, void *userdata));
    int (*tls_opts_set)(struct mosquitto *mosq, int cert_reqs, const char *tls_version, const char *ciphers);
    int (*tls_insecure_set)(struct mosquitto *mosq, bool value);
    int (*property_add_int32)(struct mqtt5__property **proplist, int identifier, uint32_t value);
    void (*property_free_all)(struct mqtt5__property **properties);
    int (*connect_bind_v5)(struct mosquitto *mosq, const char *host, int port, int keepalive, const char *bind_address,
                           const struct mqtt5__property *properties);
    int (*connect_bind_async)(struct mosquitto *mosq, const char *host, int port, int keepalive, const char *bind_address);
    int (*reconnect_async)(struct mosquitto *mosq);
    int (*disconnect)(struct mosquitto *mosq);
    int (*publish)(struct mosquitto *mosq, int *mid, const char *topic, int payloadlen, const void *payload, int qos, bool retain);
    int (*subscribe)(struct mosquitto *mosq, int *mid, const char *sub, int qos);
    int (*loop_read)(struct mosquitto *mosq, int max_packets);
    int (*loop_write)(struct mosquitto *mosq, int max_packets);
    int (*loop_misc)(struct mosquitto *mosq);
    int (*socket)(struct mosquitto *mosq);
    bool (*want_write)(struct mosquitto *mosq);
    void (*connect_callback_set)(struct mosquitto *mosq, clinux_mosquitto_connect_cb callback);
    void (*disconnect_callback_set)(struct mosquitto *mosq, clinux_mosquitto_disconnect_cb callback);
    void (*publish_v5_callback_set)(struct mosquitto *mosq, clinux_mosquitto_publish_cb callback);
    void (*message_callback_set)(struct mosquitto *mosq, clinux_mosquitto_message_cb callback);
    void (*subscribe_callback_set)(struct mosquitto *mosq, clinux_mosquitto_subscribe_cb callback);
    const char *(*strerror)(int mosq_errno);
    const char *(*connack_string)(int connack_code);
    const char *(*reason_string)(int reason_code);
};

/// Opens the library `name` (e.g. "libmosquitto.so.1") with dlopen, resolves every function of
/// `struct clinux_mosquitto_api` and calls mosquitto_lib_init, once per name: a later call with
/// the same name returns the same table. Returns NULL when the library or a symbol is missing;
/// then `missing` (of `missing_size` bytes, may be NULL) holds the library's or the symbol's
/// name, and `detail` (of `detail_size` bytes, may be NULL) dlerror's text. Safe to call from
/// several threads.
const struct clinux_mosquitto_api *clinux_mosquitto_load(const char *name, char *missing, size_t missing_size, char *detail,
                                                          size_t detail_size);

#endif
