vcl 4.1;

# The site's caching proxy (docs/operations.md, "A caching proxy in front"). It keeps what the app says a
# shared cache may keep: public pages and feeds (they carry a Surrogate-Key), as long as their Cache-Control
# allows (s-maxage: until the next scheduled change, at most an hour), briefly stale while it fetches them
# again (stale-while-revalidate) and for a day while every app is down or failing (stale-if-error); media
# and built files (public, immutable). The JSON API and anything else is never kept. It forgets pages by
# surrogate key when an app sends `PURGE` with a `Surrogate-Key` header and the shared `Purge-Token`
# (PURGE_URLS, PURGE_TOKEN). Requests with cookies (staff signed in) and other methods go straight through
# (Varnish's built-in rules).
#
# backends.vcl names the apps (the `site` director), how they are probed, and who may purge (`purgers`).
# The token comes from Varnish's environment (PURGE_TOKEN); without one, no purge is taken.

import std;
import directors;

include "backends.vcl";

sub vcl_recv {
  if (req.method == "PURGE") {
    if (client.ip !~ purgers || std.getenv("PURGE_TOKEN") == "" || req.http.Purge-Token != std.getenv("PURGE_TOKEN")) {
      return (synth(403, "Forbidden"));
    }
    # Keys as the app writes them (cache/surrogate-keys.ts): nothing else reaches the ban expression.
    if (req.http.Surrogate-Key !~ "^[a-z0-9-]+( [a-z0-9-]+)*$") {
      return (synth(400, "Surrogate-Key: keys separated by single spaces"));
    }
    if (!std.ban({"obj.http.Surrogate-Key ~ (^|\s)("} + regsuball(req.http.Surrogate-Key, " ", "|") + {")(\s|$)"})) {
      return (synth(500, std.ban_error()));
    }
    return (synth(200, "Purged"));
  }
  # Only this proxy says a fetch is its own (below).
  unset req.http.Surrogate-Capability;
  set req.backend_hint = site.backend();
  # While an app answers, a page past its time is served stale only for stale-while-revalidate; while
  # none does, for all of stale-if-error.
  if (std.healthy(req.backend_hint)) {
    set req.grace = 30s;
  }
}

sub vcl_backend_fetch {
  # Tells the app the page is fetched for a cache that was just purged, perhaps: it looks at the database
  # again before answering from its own memory (render/page-cache.ts).
  set bereq.http.Surrogate-Capability = {"site="Surrogate/1.0""};
}

sub vcl_backend_response {
  # A failed background fetch keeps the page already held.
  if (beresp.status >= 500 && bereq.is_bgfetch) {
    return (abandon);
  }
  if (beresp.http.Surrogate-Key) {
    # stale-if-error (the app's STALE_PAGE_HOURS default), and room to revalidate with the ETag.
    set beresp.grace = 24h;
    set beresp.keep = 1h;
  } else if (beresp.http.Cache-Control !~ "(?i)\bpublic\b") {
    # Not said to be shareable (the API, answers for one visitor): fetched every time, never kept.
    set beresp.ttl = 0s;
    set beresp.uncacheable = true;
    return (deliver);
  }
}

sub vcl_deliver {
  # The keys are for this proxy; visitors need not see them.
  unset resp.http.Surrogate-Key;
  unset resp.http.Cache-Tag;
  if (obj.hits > 0) {
    set resp.http.X-Cache = "HIT";
  } else {
    set resp.http.X-Cache = "MISS";
  }
}
