/** Collects a repeatable option's values (commander's `.option(..., collect, [])`). */
export const collect = (value: string, previous: ReadonlyArray<string>) => [...previous, value]
