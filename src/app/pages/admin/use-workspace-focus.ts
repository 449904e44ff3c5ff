import { useEffect, useRef, useState } from 'react'

/**
 * Where focus goes in the administration when nothing else puts it anywhere: on the page's heading as the
 * workspace opens (signed in, or the page loaded), so a screen reader starts at its name rather than nowhere,
 * unless an application opened from an email takes it; on the list of posts after a save ended the form
 * that had it. A tab chosen by hand keeps the focus its button has.
 */
export function useWorkspaceFocus<Tab>(setTab: (tab: Tab) => void, { openedOnItem }: { openedOnItem: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null)
  const [listTakesFocus, setListTakesFocus] = useState(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the workspace opens
  useEffect(() => {
    if (!openedOnItem && document.activeElement === document.body) heading.current?.focus()
  }, [])
  return {
    heading,
    listTakesFocus,
    showTab(tab: Tab) {
      setListTakesFocus(false)
      setTab(tab)
    },
    /** Back to the list after a save, which takes the focus. */
    showListAfterSave(list: Tab) {
      setTab(list)
      setListTakesFocus(true)
    },
  }
}
