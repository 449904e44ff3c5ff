import { type LoaderFunctionArgs, data as routeData, useParams, useSearchParams } from 'react-router'
import { site } from '../../../content/site'
import type { TagPage as TagPageData } from '../../../shared/blog'
import { readPageQuery } from '../../../shared/page-query'
import { tagFeedPath, tagPagePath } from '../../../shared/paths'
import { shareImageOf } from '../../components/blog/featured-image'
import { countText, PostCollection } from '../../components/blog/post-collection'
import { PageMeta } from '../../components/page-meta'
import { useAppData } from '../../data/app-data'
import { postQueries } from '../../data/post-queries'
import { useLoadedQuery } from '../../data/use-loaded-query'
import { loaderServicesContext } from '../../router-context'

/** An unknown tag, or one no public post carries, is the site's 404. */
export async function tagLoader({ request, params, context }: LoaderFunctionArgs) {
  const { queryClient, data } = context.get(loaderServicesContext)
  const { page } = readPageQuery(new URL(request.url).searchParams)
  const result = await queryClient.ensureQueryData(postQueries.tag(data, params.slug ?? '', page))
  if (!result) throw routeData(null, { status: 404, statusText: 'Not Found' })
  return null
}

/** Title, description, canonical URL, share preview (the newest post's picture) and the tag's feed. */
function TagHead({ result, page }: { result: TagPageData; page: number }) {
  const { tag, posts, meta } = result
  const title = `Posts tagged "${tag.name}"${page > 1 ? `, page ${page}` : ''} | Blog`
  const withImage = posts.find((post) => post.featuredImage)
  return (
    <>
      <PageMeta
        title={title}
        description={`${countText(meta.total)} about ${tag.name} from the ${site.name} blog.`}
        path={tagPagePath(tag.slug, page)}
        image={withImage ? shareImageOf(withImage) : undefined}
      />
      <link
        rel="alternate"
        type="application/rss+xml"
        title={`${site.name} Blog: ${tag.name}`}
        href={tagFeedPath(tag.slug)}
      />
    </>
  )
}

export function TagPage() {
  const slug = useParams().slug ?? ''
  const [params] = useSearchParams()
  const { page } = readPageQuery(params)
  const data = useAppData()
  const { data: result } = useLoadedQuery(postQueries.tag(data, slug, page))
  // The loader has answered 404 for a tag without public posts; nothing is rendered for it here.
  if (!result) return null
  const { tag, meta } = result
  return (
    <div className="blog">
      <TagHead result={result} page={page} />
      <PostCollection
        kind="Tag"
        name={tag.name}
        intro={
          <p className="blog__intro">
            {`${countText(meta.total)} tagged `}
            <bdi>{tag.name}</bdi>
          </p>
        }
        feedPath={tagFeedPath(tag.slug)}
        postsHeading={page > 1 ? `Posts tagged ${tag.name}, page ${page}` : `Posts tagged ${tag.name}`}
        result={result}
        pathOf={(n) => tagPagePath(tag.slug, n)}
      />
    </div>
  )
}

export { TagPage as Component, tagLoader as loader }
