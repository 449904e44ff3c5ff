import { type LoaderFunctionArgs, data as routeData, useParams, useSearchParams } from 'react-router'
import { site } from '../../../content/site'
import type { AuthorPage as AuthorPageData } from '../../../shared/blog'
import { readPageQuery } from '../../../shared/page-query'
import { authorFeedPath, authorPagePath } from '../../../shared/paths'
import { shareImageOf } from '../../components/blog/featured-image'
import { countText, PostCollection } from '../../components/blog/post-collection'
import { JsonLd } from '../../components/json-ld'
import { PageMeta } from '../../components/page-meta'
import { useAppData } from '../../data/app-data'
import { postQueries } from '../../data/post-queries'
import { useLoadedQuery } from '../../data/use-loaded-query'
import { useRequestInfo } from '../../request-info'
import { loaderServicesContext } from '../../router-context'

/** Nobody by that slug, or someone without public posts, is the site's 404. */
export async function authorLoader({ request, params, context }: LoaderFunctionArgs) {
  const { queryClient, data } = context.get(loaderServicesContext)
  const { page } = readPageQuery(new URL(request.url).searchParams)
  const result = await queryClient.ensureQueryData(postQueries.author(data, params.slug ?? '', page))
  if (!result) throw routeData(null, { status: 404, statusText: 'Not Found' })
  return null
}

/** Title, description, canonical URL, share preview, the author's feed and their ProfilePage data. */
function AuthorHead({ result, page }: { result: AuthorPageData; page: number }) {
  const { author, posts, meta } = result
  const { origin } = useRequestInfo()
  const withImage = posts.find((post) => post.featuredImage)
  const url = `${origin}${authorPagePath(author.slug, 1)}`
  return (
    <>
      <PageMeta
        title={`${author.name}${page > 1 ? `, page ${page}` : ''} | Blog`}
        description={author.bio || `${countText(meta.total)} by ${author.name} on the ${site.name} blog.`}
        path={authorPagePath(author.slug, page)}
        image={withImage ? shareImageOf(withImage) : undefined}
      />
      <link
        rel="alternate"
        type="application/rss+xml"
        title={`${site.name} Blog: ${author.name}`}
        href={authorFeedPath(author.slug)}
      />
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'ProfilePage',
          mainEntity: { '@type': 'Person', name: author.name, url, ...(author.bio ? { description: author.bio } : {}) },
        }}
      />
    </>
  )
}

export function AuthorPage() {
  const slug = useParams().slug ?? ''
  const [params] = useSearchParams()
  const { page } = readPageQuery(params)
  const data = useAppData()
  const { data: result } = useLoadedQuery(postQueries.author(data, slug, page))
  // The loader has answered 404 for nobody; nothing is rendered for it here.
  if (!result) return null
  const { author, meta } = result
  return (
    <div className="blog">
      <AuthorHead result={result} page={page} />
      <PostCollection
        kind="Author"
        name={author.name}
        intro={
          <>
            {author.bio && <p className="blog__intro author-page__bio">{author.bio}</p>}
            <p className="blog__intro">{countText(meta.total)}</p>
          </>
        }
        feedPath={authorFeedPath(author.slug)}
        postsHeading={page > 1 ? `Posts by ${author.name}, page ${page}` : `Posts by ${author.name}`}
        result={result}
        pathOf={(n) => authorPagePath(author.slug, n)}
      />
    </div>
  )
}

export { AuthorPage as Component, authorLoader as loader }
