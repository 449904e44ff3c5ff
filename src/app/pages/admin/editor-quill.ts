import Quill from 'quill'
import { BlockEmbed } from 'quill/blots/block'
import { isAllowedVideoUrl, VIDEO_ATTRIBUTES, VIDEO_URL_ATTRIBUTES } from '../../../shared/post-html-policy'

/** What the editor keeps of a self-hosted clip: the attributes the server's sanitizer allows, nothing else. */
interface VideoValue {
  attributes: Record<string, string>
  sources: { src: string; type: string }[]
}

/** Pasted markup reaches the live editor, so addresses are held to the sanitizer's rule already here. */
const isSafe = (name: string, value: string) => !VIDEO_URL_ATTRIBUTES.includes(name) || isAllowedVideoUrl(value)

/** Self-hosted <video> clips. The toolbar's "video" stays Quill's own iframe embed for hosted players. */
class SelfHostedVideo extends BlockEmbed {
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

/** A divider (<hr>) between sections. */
class Divider extends BlockEmbed {
  static override blotName = 'divider'
  static override tagName = 'HR'
}

Quill.register({ 'formats/self-hosted-video': SelfHostedVideo, 'formats/divider': Divider })

/** Quill with the two post elements its stock formats drop, so editing a post keeps them. */
export default Quill
