/** Business constants of spec §9, shared by the server and the browser. */
export const LAUNCH_DATE_UNIX = 1755889200
export const LAUNCH_CHECK_INTERVAL_MS = 1000
export const MOBILE_BREAKPOINT_PX = 768
export const SMALL_SCREEN_PX = 375
export const REVEAL_THRESHOLD = 0.2
export const ORIENTATION_CHANGE_DELAY_MS = 100
export const NOT_FOUND_REDIRECT_SECONDS = 3
