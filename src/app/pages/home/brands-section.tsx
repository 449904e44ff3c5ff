import { partners } from '../../../content/home'
import { useRevealOnce } from '../../hooks/use-reveal-once'

export function BrandsSection() {
  const { ref, revealed } = useRevealOnce<HTMLElement>()
  return (
    <section
      ref={ref}
      className={`brands reveal reveal--fade${revealed ? ' is-revealed' : ''}`}
      aria-labelledby="brands-title"
    >
      <h2 id="brands-title" className="section-title">
        {partners.heading}
      </h2>
      <p className="brands__blurb">{partners.blurb}</p>
      <ul className="brands__logos">
        {partners.logos.map((logo) => (
          <li key={logo.src} className="brands__logo">
            <img src={logo.src} alt={logo.name} width={240} height={80} loading="lazy" decoding="async" />
          </li>
        ))}
      </ul>
    </section>
  )
}
