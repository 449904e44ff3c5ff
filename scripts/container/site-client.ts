/** The site in a container as the admin screens and a visitor reach it, over its published port. */
export interface Site {
  name: string
  origin: string
}

/** A request as the admin screens make it: same origin, JSON, with the session cookie when given. */
export function call(
  site: Site,
  method: string,
  path: string,
  { body, cookie }: { body?: unknown; cookie?: string } = {},
) {
  return fetch(`${site.origin}${path}`, {
    method,
    headers: {
      origin: site.origin,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

/** Signs in and returns the session cookie. */
export async function signIn(site: Site, password: string): Promise<string> {
  const res = await call(site, 'POST', '/api/admin/login', { body: { password } })
  if (res.status !== 200) throw new Error(`signing in answered ${res.status}: ${await res.text()}`)
  return res.headers.get('set-cookie')!.split(';')[0]!
}

export interface Post {
  id: number
  slug: string
  title: string
}

export async function publishPost(site: Site, cookie: string, title: string): Promise<Post> {
  const body = { title, content: `<p>${title}.</p>`, status: 'published' }
  const res = await call(site, 'POST', '/api/blog', { body, cookie })
  if (res.status !== 201) throw new Error(`publishing a post answered ${res.status}: ${await res.text()}`)
  return (await res.json()) as Post
}

/** Whether the public page of the post shows it. */
export async function postIsPublic(site: Site, post: Post): Promise<boolean> {
  const page = await fetch(`${site.origin}/blog/${post.slug}`)
  return page.status === 200 && (await page.text()).includes(post.title)
}
