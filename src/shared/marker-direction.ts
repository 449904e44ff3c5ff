/**
 * Lists and toggles in a post without a `dir` of their own get `dir="auto"` as the page shows them: a
 * Hebrew or Arabic list or toggle then has its bullets, numbers or arrow on the right, beside English
 * ones on the left. (Each line already takes its direction from its own letters, post.css; only `dir`
 * moves the markers.) Stored HTML is left as written; applying this twice changes nothing.
 */
export const markersWithDirection = (html: string) =>
  html.replace(/<(ul|ol|details)(?![^>]*\sdir=)(?=[\s>])/gi, '<$1 dir="auto"')
