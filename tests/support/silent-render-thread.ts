declare const self: Worker

/** A render thread stuck loading: it never says it started, nor that it could not (render-threads.test.ts). */
self.onmessage = () => {}

export {}
