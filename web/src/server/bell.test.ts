import { describe, expect, it } from "vitest"
import { messagesOf } from "../i18n/index.ts"
import { bellMessages, bellPanelData } from "./bell.ts"

describe("the bell's data", () => {
  it("is the JSON of the language, its strings and the date format, in both languages, with or without a format", () => {
    for (const locale of ["en", "ar"] as const) {
      const messages = messagesOf(locale, "notifications")
      for (const dateSetting of ["european", undefined]) {
        expect(bellPanelData(locale, dateSetting)).toBe(JSON.stringify({ locale, messages, dateSetting }))
        expect(JSON.parse(bellPanelData(locale, dateSetting))).toEqual(
          dateSetting === undefined ? { locale, messages } : { locale, messages, dateSetting }
        )
      }
      expect(bellMessages(locale)).toBe(JSON.stringify(messages.bell))
    }
  })
})
