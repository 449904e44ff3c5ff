# The apps behind the proxy (included by default.vcl). This one is for the reference deployment
# (deploy/compose.yaml): app containers `app1` and `app2` on port 3000. Declare one backend per app and add
# each to the director (a host name that resolves to several addresses is refused).

# /livez: the process answers. An app whose database is away still serves pages (stale, or from its replica)
# and says so itself; /healthz would take every app out at once, and a full disk with them.
probe site_health {
  .url = "/livez";
  .interval = 2s;
  .timeout = 1s;
  .window = 3;
  .threshold = 2;
}

backend app1 {
  .host = "app1";
  .port = "3000";
  .probe = site_health;
}

backend app2 {
  .host = "app2";
  .port = "3000";
  .probe = site_health;
}

sub vcl_init {
  new site = directors.round_robin();
  site.add_backend(app1);
  site.add_backend(app2);
}

# Who may send PURGE, with the Purge-Token: the apps (PURGE_URLS=http://varnish:80 on them). Containers on the
# compose network have private addresses; name only your apps' addresses where you can.
acl purgers {
  "localhost";
  "10.0.0.0"/8;
  "172.16.0.0"/12;
  "192.168.0.0"/16;
  "fc00::"/7;
}
