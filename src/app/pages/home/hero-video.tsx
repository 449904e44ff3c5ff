import { useEffect, useRef } from 'react'
import { ORIENTATION_CHANGE_DELAY_MS } from '../../../shared/constants'
import { usePublicFile } from '../../document'
import { HERO_POSTER_URL } from '../../public-files'
import { coverVideoSize } from './cover-video-size'

/** Full-screen looping muted background video; the poster stands in until it plays or when motion is reduced. */
export function HeroVideo() {
  const videoRef = useRef<HTMLVideoElement>(null)
  const poster = usePublicFile(HERO_POSTER_URL)

  useEffect(() => {
    const video = videoRef.current
    if (!video) return

    const resize = () => {
      const { minWidth, minHeight } = coverVideoSize(
        { width: video.videoWidth, height: video.videoHeight },
        { width: window.innerWidth, height: window.innerHeight },
      )
      video.style.minWidth = `${minWidth}px`
      video.style.minHeight = `${minHeight}px`
    }
    let orientationTimer: ReturnType<typeof setTimeout> | undefined
    const onOrientation = () => {
      clearTimeout(orientationTimer)
      orientationTimer = setTimeout(resize, ORIENTATION_CHANGE_DELAY_MS)
    }

    const retryOnInteraction = () => {
      removeRetry()
      void play()
    }
    const removeRetry = () => {
      document.removeEventListener('click', retryOnInteraction)
      document.removeEventListener('touchstart', retryOnInteraction)
    }
    const play = async () => {
      try {
        await video.play()
      } catch (error) {
        console.warn('Background video playback was blocked; retrying on the first interaction.', error)
        document.addEventListener('click', retryOnInteraction, { once: true })
        document.addEventListener('touchstart', retryOnInteraction, { once: true, passive: true })
      }
    }

    resize()
    video.addEventListener('loadedmetadata', resize)
    window.addEventListener('resize', resize)
    window.addEventListener('orientationchange', onOrientation)
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    if (!reducedMotion) void play()

    return () => {
      clearTimeout(orientationTimer)
      removeRetry()
      video.removeEventListener('loadedmetadata', resize)
      window.removeEventListener('resize', resize)
      window.removeEventListener('orientationchange', onOrientation)
    }
  }, [])

  return (
    <div className="hero-video" aria-hidden="true">
      {/* The page's largest element: an image, so that the browser fetches it first, which a poster cannot ask. */}
      <img className="hero-video__poster" src={poster} alt="" fetchPriority="high" />
      <video ref={videoRef} className="hero-video__media" muted loop playsInline preload="metadata" poster={poster}>
        <source src="/video/hero.webm" type="video/webm" />
        <source src="/video/hero.mp4" type="video/mp4" />
      </video>
      <div className="hero-video__overlay" />
    </div>
  )
}
