# The apps behind the proxy (included by default.vcl). This one is for the reference deployment
# (deploy/compose.yaml): app containers `app1` and `app2` on port 3000. Declare one backend per app and add
# each to the director (a host name that resolves to several addresses is refused).

probe site_health {
  .url = "/healthz";
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

# Who may send PURGE: the apps (PURGE_URLS=http://varnish:80 on them). Containers on the compose network
# have private addresses; a proxy reachable from elsewhere must name only its apps here.
acl purgers {
  "localhost";
  "10.0.0.0"/8;
  "172.16.0.0"/12;
  "192.168.0.0"/16;
  "fc00::"/7;
}
