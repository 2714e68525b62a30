#!/bin/sh
# Makes, once, a private CA and the broker's certificate for the name `kafka` in /tls (the kafka-tls
# volume): broker.p12 for the broker, ca.pem for the apps to trust. Uses keytool, which the Kafka
# image has. A real deployment brings certificates of its own CA instead (docs/configuration.md, Kafka security).
set -eu
cd /tls
if [ -f ca.pem ] && [ -f broker.p12 ]; then exit 0; fi
: "${KAFKA_KEYSTORE_PASSWORD:?set KAFKA_KEYSTORE_PASSWORD in .env}"
rm -f ca.p12 ca.pem broker.p12 broker.csr broker.pem
pass="$KAFKA_KEYSTORE_PASSWORD"
keytool -genkeypair -alias ca -keyalg EC -groupname secp256r1 -dname CN=shipping-kafka-ca -validity 825 \
  -ext bc:c -keystore ca.p12 -storetype PKCS12 -storepass "$pass"
keytool -exportcert -rfc -alias ca -keystore ca.p12 -storepass "$pass" -file ca.pem
keytool -genkeypair -alias broker -keyalg EC -groupname secp256r1 -dname CN=kafka -validity 825 \
  -keystore broker.p12 -storetype PKCS12 -storepass "$pass"
keytool -certreq -alias broker -keystore broker.p12 -storepass "$pass" -file broker.csr
keytool -gencert -alias ca -keystore ca.p12 -storepass "$pass" -infile broker.csr -outfile broker.pem -rfc \
  -ext SAN=dns:kafka -validity 825
keytool -importcert -noprompt -alias ca -file ca.pem -keystore broker.p12 -storepass "$pass"
keytool -importcert -alias broker -file broker.pem -keystore broker.p12 -storepass "$pass"
rm -f ca.p12 broker.csr broker.pem
chmod 644 ca.pem broker.p12
