import { merchandise } from '../../../content/home'
import { imageSources } from '../../../content/responsive-images'
import { useSiteFacts } from '../../data/use-site-facts'
import { useRevealOnce } from '../../hooks/use-reveal-once'

/** Each photo is about half of its column, which is the whole page on phones and half of it above 768 px. */
const PHOTO_SIZES = '(max-width: 767.98px) 52vw, min(26vw, 320px)'

export function MerchSection() {
  const { ref, revealed } = useRevealOnce<HTMLElement>()
  const { storeUrl } = useSiteFacts()
  return (
    <section
      id="merch"
      ref={ref}
      className={`merch reveal${revealed ? ' is-revealed' : ''}`}
      aria-labelledby="merch-title"
    >
      <div className="merch__photos">
        {merchandise.photos.map((photo, index) => (
          <img
            key={photo.src}
            className={`merch__photo merch__photo--${index + 1}`}
            {...imageSources(photo.src, PHOTO_SIZES)}
            alt={photo.alt}
            width={800}
            height={800}
            loading="lazy"
            decoding="async"
          />
        ))}
      </div>
      <div className="merch__text">
        <h2 id="merch-title" className="section-title">
          {merchandise.heading}
        </h2>
        <p className="merch__pitch">{merchandise.pitch}</p>
        <a className="button button--primary" href={storeUrl} target="_blank" rel="noopener noreferrer">
          Visit Store<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </div>
    </section>
  )
}
