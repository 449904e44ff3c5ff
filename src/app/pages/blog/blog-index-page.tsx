import { type LoaderFunctionArgs, useSearchParams } from 'react-router'
import { site } from '../../../content/site'
import { readBlogQuery } from '../../../shared/page-query'
import { blogPagePath, PAGES } from '../../../shared/paths'
import { NoPosts } from '../../components/blog/no-posts'
import { Pagination } from '../../components/blog/pagination'
import { PostGrid } from '../../components/blog/post-card'
import { FollowBlock } from '../../components/newsletter/follow-block'
import { PageMeta } from '../../components/page-meta'
import { SiteLink } from '../../components/site-link'
import { useAppData } from '../../data/app-data'
import { postQueries } from '../../data/post-queries'
import { useLoadedQuery } from '../../data/use-loaded-query'
import { loaderServicesContext } from '../../router-context'
import { BlogSearch } from './blog-search'
import { FeaturedCarousel } from './featured-carousel'
import { searchResultsTitle, searchShowingText } from './search-texts'

export async function blogIndexLoader({ request, context }: LoaderFunctionArgs) {
  const { queryClient, data } = context.get(loaderServicesContext)
  const { query, page } = readBlogQuery(new URL(request.url).searchParams)
  // The featured posts only where the carousel shows them: a search or a later page neither reads nor sends them.
  await Promise.all([
    showsCarousel(query, page) && queryClient.ensureQueryData(postQueries.featured(data)),
    query
      ? queryClient.ensureQueryData(postQueries.search(data, query))
      : queryClient.ensureQueryData(postQueries.list(data, page)),
  ])
  return null
}

const showsCarousel = (query: string, page: number) => !query && page === 1

export function BlogIndexPage() {
  const [params] = useSearchParams()
  const { query, page } = readBlogQuery(params)
  const description = 'News, updates, collaborations, events and awards from the Kindlewave team and our donation game.'

  return (
    <div className="blog">
      <PageMeta
        title={
          query
            ? `Search results for "${query}" | Blog`
            : page > 1
              ? `Blog, page ${page} | ${site.name}`
              : `Blog | ${site.name}`
        }
        description={description}
        path={query ? PAGES.blog : blogPagePath(page)}
        noindex={Boolean(query)}
      />
      <header className="blog__header">
        <h1 className="blog__title">Blog</h1>
        <p className="blog__intro">{description}</p>
      </header>
      {showsCarousel(query, page) && <FeaturedPosts />}
      <BlogSearch query={query} />
      {query ? <SearchResults query={query} /> : <PagedPosts page={page} />}
      <FollowBlock />
    </div>
  )
}

function FeaturedPosts() {
  const data = useAppData()
  const { data: featured } = useLoadedQuery(postQueries.featured(data))
  return <FeaturedCarousel posts={featured} />
}

function PagedPosts({ page }: { page: number }) {
  const data = useAppData()
  const { data: result } = useLoadedQuery(postQueries.list(data, page))
  if (result.posts.length === 0) return <NoPosts />
  return (
    <section aria-labelledby="latest-heading">
      <h2 id="latest-heading" className="visually-hidden">
        {page > 1 ? `Posts, page ${page}` : 'Latest posts'}
      </h2>
      <PostGrid posts={result.posts} />
      <Pagination page={result.meta.page} totalPages={result.meta.totalPages} />
    </section>
  )
}

function SearchResults({ query }: { query: string }) {
  const data = useAppData()
  const { data: result } = useLoadedQuery(postQueries.search(data, query))
  const showing = searchShowingText(result)
  return (
    <section aria-labelledby="results-heading">
      <div className="blog__results-header">
        <h2 id="results-heading" className="blog__results-title" aria-live="polite">
          {searchResultsTitle(query, result)}
        </h2>
        <SiteLink to={PAGES.blog} className="button button--ghost">
          Clear Filter
        </SiteLink>
      </div>
      {showing && <p className="blog__results-showing">{showing}</p>}
      {result.posts.length === 0 ? <NoPosts /> : <PostGrid posts={result.posts} />}
    </section>
  )
}

export { BlogIndexPage as Component, blogIndexLoader as loader }
