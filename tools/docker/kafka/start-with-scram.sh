#!/bin/sh
# Formats the KRaft store on first start with the apps' SCRAM user in it (SCRAM-SHA-256 and -512),
# then starts the broker as the image does. The image's own format step finds the store formatted.
set -eu
: "${SCRAM_USERNAME:?}" "${SCRAM_PASSWORD:?}" "${CLUSTER_ID:?}"
if [ ! -f /var/lib/kafka/data/meta.properties ]; then
  cat > /tmp/format.properties <<PROPERTIES
process.roles=broker,controller
node.id=${KAFKA_NODE_ID}
controller.quorum.voters=${KAFKA_CONTROLLER_QUORUM_VOTERS}
controller.listener.names=CONTROLLER
listeners=${KAFKA_LISTENERS}
listener.security.protocol.map=${KAFKA_LISTENER_SECURITY_PROTOCOL_MAP}
advertised.listeners=${KAFKA_ADVERTISED_LISTENERS}
inter.broker.listener.name=${KAFKA_INTER_BROKER_LISTENER_NAME}
sasl.enabled.mechanisms=${KAFKA_SASL_ENABLED_MECHANISMS}
sasl.mechanism.inter.broker.protocol=${KAFKA_SASL_MECHANISM_INTER_BROKER_PROTOCOL}
log.dirs=/var/lib/kafka/data
PROPERTIES
  user="name=${SCRAM_USERNAME},password=${SCRAM_PASSWORD}"
  /opt/kafka/bin/kafka-storage.sh format -t "$CLUSTER_ID" -c /tmp/format.properties \
    --add-scram "SCRAM-SHA-256=[${user}]" --add-scram "SCRAM-SHA-512=[${user}]" > /dev/null
  rm -f /tmp/format.properties
fi
exec /etc/kafka/docker/run
