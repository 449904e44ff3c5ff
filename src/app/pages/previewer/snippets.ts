export interface Snippet {
  name: string
  html: string
}

export type SnippetCategory = 'Images' | 'Videos' | 'Text' | 'Lists' | 'Boxes' | 'Layout'

/** Ready-made blocks in the markup the public post page styles (and the sanitizer keeps). */
export const SNIPPETS: Record<SnippetCategory, Snippet[]> = {
  Images: [
    {
      name: 'Full-width image',
      html: '<img src="/blog/golf-cart.webp" alt="Describe the image" width="1200" height="630">',
    },
    {
      name: 'Image with caption',
      html: '<figure>\n  <img src="/blog/crane-booth.webp" alt="Describe the image" width="1200" height="630">\n  <figcaption>Caption text</figcaption>\n</figure>',
    },
    {
      name: 'Two images',
      html: '<p><img src="/blog/golf-cart-colors.webp" alt="First image" width="960" height="540"></p>\n<p><img src="/blog/crane-prizes.webp" alt="Second image" width="960" height="540"></p>',
    },
  ],
  Videos: [
    {
      name: 'Self-hosted video',
      html: '<video controls preload="none" playsinline poster="/blog/paper-comets-teaser-poster.webp" width="1280" height="720">\n  <source src="/blog/paper-comets-teaser.mp4" type="video/mp4">\n</video>',
    },
    {
      name: 'YouTube embed',
      html: '<iframe class="ql-video" src="https://www.youtube-nocookie.com/embed/VIDEO_ID" title="Video title" allowfullscreen></iframe>',
    },
    {
      name: 'Vimeo embed',
      html: '<iframe class="ql-video" src="https://player.vimeo.com/video/VIDEO_ID" title="Video title" allowfullscreen></iframe>',
    },
  ],
  Text: [
    { name: 'Section heading', html: '<h2>Section heading</h2>\n<p>Introduce the section in a sentence or two.</p>' },
    { name: 'Quote', html: '<blockquote>“A memorable line from a player or partner.”</blockquote>' },
    {
      name: 'Call to action',
      html: '<p><strong>Ready to join in?</strong> <a href="https://example.com">Visit the game page</a> and say hello.</p>',
    },
  ],
  Lists: [
    {
      name: 'Bullet list',
      html: '<ul>\n  <li>First point</li>\n  <li>Second point</li>\n  <li>Third point</li>\n</ul>',
    },
    {
      name: 'Numbered steps',
      html: '<ol>\n  <li>Open the game</li>\n  <li>Find the booth</li>\n  <li>Claim your reward</li>\n</ol>',
    },
    {
      name: 'Feature list',
      html: '<h3>What is new</h3>\n<ul>\n  <li><strong>Feature:</strong> what it does</li>\n  <li><strong>Price:</strong> 499 Credits</li>\n</ul>',
    },
  ],
  Boxes: [
    { name: 'Highlight', html: '<blockquote><strong>Heads up:</strong> the event starts this weekend.</blockquote>' },
    {
      name: 'Price box',
      html: '<h3>Price</h3>\n<p><strong>2,500 Credits</strong> or <strong>25,000 Gift Gems</strong></p>',
    },
    { name: 'Update note', html: '<p><em>Update: this post was edited to add the new schedule.</em></p>' },
  ],
  Layout: [
    { name: 'Divider', html: '<hr>' },
    { name: 'Centered paragraph', html: '<p class="ql-align-center">Centered text for a short, important line.</p>' },
    {
      name: 'Intro + image + outro',
      html: '<p>Opening paragraph.</p>\n<img src="/blog/promotion-blimp.webp" alt="Describe the image" width="1200" height="630">\n<p>Closing paragraph.</p>',
    },
  ],
}

export const SNIPPET_CATEGORIES = Object.keys(SNIPPETS) as SnippetCategory[]

/** Spec §2: inserting appends the snippet after a blank line. */
export function appendSnippet(content: string, snippet: string): string {
  return content.trim() === '' ? snippet : `${content.replace(/\s+$/, '')}\n\n${snippet}`
}
