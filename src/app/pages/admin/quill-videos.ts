import { BlockEmbed } from 'quill/blots/block'
import Video from 'quill/formats/video'
import {
  isAllowedVideoUrl,
  VIDEO_ATTRIBUTES,
  VIDEO_URL_ATTRIBUTES,
  videoEmbedUrl,
} from '../../../shared/post-html-policy'

/** What the editor keeps of a self-hosted clip: the attributes the server's sanitizer allows, nothing else. */
interface VideoValue {
  attributes: Record<string, string>
  sources: { src: string; type: string }[]
}

/** Pasted markup reaches the live editor, so addresses are held to the sanitizer's rule already here. */
const isSafe = (name: string, value: string) => !VIDEO_URL_ATTRIBUTES.includes(name) || isAllowedVideoUrl(value)

/** Self-hosted <video> clips (the toolbar's Video button makes hosted players, below). */
export class SelfHostedVideo extends BlockEmbed {
  static override blotName = 'self-hosted-video'
  static override tagName = 'VIDEO'

  static override create(value: VideoValue) {
    // biome-ignore lint/complexity/noThisInStatic: Quill's static create must run with this subclass (its tagName)
    const node = super.create() as HTMLVideoElement
    for (const [name, attribute] of Object.entries(value.attributes ?? {})) {
      if (!VIDEO_ATTRIBUTES.includes(name) || !isSafe(name, attribute)) continue
      node.setAttribute(name, attribute)
    }
    for (const { src, type } of value.sources ?? []) {
      if (!isAllowedVideoUrl(src)) continue
      const source = document.createElement('source')
      source.setAttribute('src', src)
      if (type) source.setAttribute('type', type)
      node.append(source)
    }
    return node
  }

  static override value(node: HTMLElement): VideoValue {
    const attributes: Record<string, string> = {}
    for (const name of VIDEO_ATTRIBUTES) {
      const attribute = node.getAttribute(name)
      if (attribute !== null) attributes[name] = attribute
    }
    const sources = [...node.querySelectorAll('source')].map((source) => ({
      src: source.getAttribute('src') ?? '',
      type: source.getAttribute('type') ?? '',
    }))
    return { attributes, sources }
  }
}

/**
 * Hosted players (the toolbar's Video button, and pasted iframes): any usual YouTube or Vimeo link
 * becomes the allow-listed player address, and the post keeps the player. Quill's own blot writes
 * itself out as a link in `getSemanticHTML`, so a saved post lost its video.
 */
export class EmbeddedVideo extends Video {
  static override sanitize(url: string): string {
    return videoEmbedUrl(url) ?? 'about:blank'
  }

  static override create(value: string) {
    // biome-ignore lint/complexity/noThisInStatic: Quill's static create must run with this subclass (its sanitize)
    const node = super.create(value) as HTMLIFrameElement
    // Frames need an accessible name; the player's own page title is not known here.
    node.setAttribute('title', /vimeo/.test(node.src) ? 'Vimeo video player' : 'YouTube video player')
    return node
  }

  override html(): string {
    return this.domNode.outerHTML
  }
}
