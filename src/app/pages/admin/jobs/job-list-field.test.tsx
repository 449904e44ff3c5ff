import { describe, expect, test } from 'bun:test'
import { act, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { installDom } from '../../../../../tests/support/dom'
import { type ListItem, listItem } from './job-form-values'
import { JobListField } from './job-list-field'

installDom()

/** The list as the form holds it: `shown` receives every state it renders with. */
function Harness({ texts, shown }: { texts: string[]; shown: (items: ListItem[]) => void }) {
  const [items, setItems] = useState(() => texts.map((text) => listItem(text)))
  shown(items)
  return <JobListField id="job-benefits" label="What we offer" itemLabel="Benefit" items={items} onChange={setItems} />
}

async function renderList(texts: string[]) {
  const container = document.createElement('div')
  document.body.append(container)
  let current: ListItem[] = []
  const root = createRoot(container)
  const shown = (items: ListItem[]) => {
    current = items
  }
  await act(async () => root.render(<Harness texts={texts} shown={shown} />))
  const button = (name: string) =>
    [...container.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent) === name)!
  return {
    texts: () => current.map((item) => item.text),
    button,
    focused: () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName,
    announced: () => container.querySelector('[aria-live]')!.textContent,
    click: (name: string) => act(async () => button(name).click()),
    unmount: () => act(() => root.unmount()),
  }
}

describe('the job form’s list editor', () => {
  test('moves a line with its buttons, keeps focus on the button it used, and says where the line went', async () => {
    const list = await renderList(['Cover', 'Pension', 'Gym'])
    await list.click('Move Benefit 3 up')
    expect(list.texts()).toEqual(['Cover', 'Gym', 'Pension'])
    expect(list.focused()).toBe('Move Benefit 2 up')
    expect(list.announced()).toBe('Benefit 3 moved to position 2 of 3')
    await list.click('Move Benefit 2 up')
    expect(list.texts()).toEqual(['Gym', 'Cover', 'Pension'])
    // At the top, "up" does nothing, and keeps focus (it is never disabled away from under the keyboard).
    expect(list.button('Move Benefit 1 up').getAttribute('aria-disabled')).toBe('true')
    await list.click('Move Benefit 1 up')
    expect(list.texts()).toEqual(['Gym', 'Cover', 'Pension'])
    expect(list.focused()).toBe('Move Benefit 1 up')
    await list.click('Move Benefit 1 down')
    expect(list.texts()).toEqual(['Cover', 'Gym', 'Pension'])
    expect(list.focused()).toBe('Move Benefit 2 down')
    await list.unmount()
  })

  test('removing hands focus to the next line (or the Add button); adding focuses the new line', async () => {
    const list = await renderList(['Cover', 'Pension'])
    await list.click('Remove Benefit 1')
    expect(list.texts()).toEqual(['Pension'])
    expect(document.activeElement?.tagName).toBe('TEXTAREA')
    expect((document.activeElement as HTMLTextAreaElement).value).toBe('Pension')
    expect(list.announced()).toBe('Benefit 1 removed; 1 left')
    await list.click('Remove Benefit 1')
    expect(list.texts()).toEqual([])
    expect(list.focused()).toBe('BUTTON')
    expect(document.activeElement?.textContent).toBe('Add benefit')
    await list.click('Add benefit')
    expect(list.texts()).toEqual([''])
    expect(document.activeElement?.tagName).toBe('TEXTAREA')
    expect(list.announced()).toBe('Benefit 1 added')
    await list.unmount()
  })
})
