# The apps behind the proxy (included by default.vcl). This one is for the reference deployment
# (deploy/compose.yaml): one app container named `app` on port 3000. With several apps, declare one
# backend each and add each to the director.

probe site_health {
  .url = "/healthz";
  .interval = 2s;
  .timeout = 1s;
  .window = 3;
  .threshold = 2;
}

backend app {
  .host = "app";
  .port = "3000";
  .probe = site_health;
}

sub vcl_init {
  new site = directors.round_robin();
  site.add_backend(app);
}

# Who may send PURGE: the apps (set PURGE_URLS=http://varnish:80 on them). Containers on the compose
# network have private addresses.
acl purgers {
  "localhost";
  "10.0.0.0"/8;
  "172.16.0.0"/12;
  "192.168.0.0"/16;
  "fc00::"/7;
}
