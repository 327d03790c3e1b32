/**
 * Loads a part's behaviour on its first use, so that the shell carries only this: the module is asked for once, on
 * the first of the events named, and every use the element sees is handed to its `use` (the first ones once it has
 * come). Returns that hand-over, to start the part without a use (given no event).
 */
export const onFirstUse = (
  element: Element,
  events: ReadonlyArray<string>,
  load: () => Promise<{ readonly use: (event?: unknown) => void }>
): ((event?: unknown) => void) => {
  let loaded: ReturnType<typeof load> | undefined
  const use = (event?: unknown) => void (loaded ??= load()).then((m) => m.use(event))
  for (const type of events) element.addEventListener(type, use)
  return use
}
