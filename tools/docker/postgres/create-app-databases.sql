-- Every app owns its data: one database per app on the one server (see docker-compose.yml).
CREATE DATABASE shipping_gateway;
CREATE DATABASE shipping_order;
CREATE DATABASE shipping_pickup;
CREATE DATABASE shipping_batch;
CREATE DATABASE shipping_label;
CREATE DATABASE shipping_webhook;
