import type { TimelineEntry } from "@tawreed/core/approvals"
import type { DateTexts } from "@tawreed/core/dates"
import { isolate, type Locale } from "@tawreed/core/shared"
import { text, type MessageKey } from "./Messages.ts"

/** One approval timeline entry: when, who, what, at which level, and the remark; the user's words isolated. */
export const timelineLine = (entry: TimelineEntry, locale: Locale, dates: DateTexts) =>
  [
    isolate(dates.dateTime(entry.at)),
    isolate(entry.actorName),
    text(`approvalAction${entry.action}` as MessageKey, locale),
    ...(entry.level === null ? [] : [text("timelineLevel", locale, { level: entry.level })]),
    ...(entry.remark === "" ? [] : [`“${isolate(entry.remark)}”`])
  ].join(" · ")
