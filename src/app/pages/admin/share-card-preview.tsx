import { useSyncExternalStore } from 'react'
import { site } from '../../../content/site'
import { postHeadText } from '../../../shared/post-description'
import { shareImageOf } from '../../components/blog/featured-image'
import { postFromForm } from './post-preview-dialog'
import type { PostFormState } from './use-post-form'

interface Card {
  host: string
  title: string
  description: string
  image: string
}

/**
 * Discord and Slack draw the same pieces in the same order, each in its own colours (share-preview.css):
 * an edge, the site's name above the linked title, the text, then the picture.
 */
function EmbedCard({ card, app }: { card: Card; app: 'discord' | 'slack' }) {
  return (
    <div className={`share-card share-card--${app}`}>
      <p className="share-card__site">{site.name}</p>
      <p className="share-card__title">{card.title}</p>
      <p className="share-card__text">{card.description}</p>
      <img className="share-card__image" src={card.image} alt="" />
    </div>
  )
}

/** X: the picture alone with the title laid over it, the address under it; X shows no description. */
function XCard({ card }: { card: Card }) {
  return (
    <div className="share-card share-card--x">
      <div className="share-card__frame">
        <img className="share-card__image" src={card.image} alt="" />
        <p className="share-card__title">{card.title}</p>
      </div>
      <p className="share-card__site">From {card.host}</p>
    </div>
  )
}

const stayPut = () => () => {}
/** Where the site is open: the address a shared link shows (the server, which renders the admin shell, says the name). */
const browserHost = () => window.location.host

/**
 * The link card a share of this post would show, as the form stands: the same title, text and picture the
 * page's head will carry (postHeadText, shareImageOf), drawn the way three apps draw them.
 */
export function ShareCardPreview({ form }: { form: PostFormState }) {
  const host = useSyncExternalStore(stayPut, browserHost, () => site.name)
  const post = postFromForm(form.values, [], form.post, Date.now())
  const text = postHeadText(post)
  const card = {
    host,
    title: text.shareTitle,
    description: text.shareDescription,
    image: (shareImageOf(post) ?? site.socialImage).src,
  }
  return (
    <section className="share-preview field--wide" aria-labelledby="share-preview-title">
      <h3 id="share-preview-title" className="share-preview__title">
        How a shared link looks
      </h3>
      <div className="share-preview__cards">
        <figure>
          <figcaption>Discord</figcaption>
          <EmbedCard card={card} app="discord" />
        </figure>
        <figure>
          <figcaption>X</figcaption>
          <XCard card={card} />
        </figure>
        <figure>
          <figcaption>Slack</figcaption>
          <EmbedCard card={card} app="slack" />
        </figure>
      </div>
    </section>
  )
}
