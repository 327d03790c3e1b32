import { Schema } from "effect"
import { cappedArray, maxItems } from "../shared/Limits.ts"

/**
 * A colour the theme sets: its CSS custom property and value. Values are hex or rgb()/rgba() only, since the site
 * writes them into its stylesheet.
 */
export class ThemeColor extends Schema.Class<ThemeColor>("ThemeColor")({
  name: Schema.String.check(Schema.isMaxLength(60)),
  variable: Schema.String.check(Schema.isPattern(/^--[a-z0-9-]{1,60}$/)),
  value: Schema.String.check(Schema.isPattern(/^(#[0-9a-fA-F]{3,8}|rgba?\(\s*[0-9.]+%?\s*(,\s*[0-9.]+%?\s*){2,3}\))$/)),
  editable: Schema.Boolean
}) {}

const Asset = Schema.NullOr(Schema.String.check(Schema.isMaxLength(2000)))

/** The sign-in page's branding (SPEC.md §3 Theme). */
export const ThemeLogin = Schema.Struct({
  loginLogo: Asset,
  heading: Schema.String,
  subHeading: Schema.String,
  additionalText: Schema.String,
  titleLogo: Asset,
  /** Where the sign-in page's register link leads (opened in a new tab); no link without it. */
  registerUrl: Schema.optionalKey(Asset),
  /** Where the sign-in page shows the logo: above the form (the default) or below it. */
  logoPosition: Schema.optionalKey(Schema.Literals(["top", "bottom"]))
})

/** An organisation's theme (SPEC.md §3): colours, logos, the app title and the sign-in page. */
export class Theme extends Schema.Class<Theme>("Theme")({
  /** The host or address the organisation's site is served at, found by `themes/theme-from-url`. */
  url: Schema.NullOr(Schema.String.check(Schema.isMaxLength(255))),
  colors: cappedArray(ThemeColor, maxItems.shortList),
  printColors: cappedArray(ThemeColor, maxItems.shortList),
  loginColors: cappedArray(ThemeColor, maxItems.shortList),
  appTitle: Schema.String.check(Schema.isMaxLength(120)),
  favIcon: Asset,
  appLogo: Asset,
  footerLogo: Asset,
  miniLogo: Asset,
  login: ThemeLogin,
  /**
   * Switches the sign-in page reads: `google`, `azure` and `foodics` false hide that provider's single sign-on
   * button (a configured provider shows unless its flag is false).
   */
  flags: Schema.Record(Schema.String, Schema.Boolean)
}) {}

const shades = (name: string, variable: string, base: string, dark: string, light: string[]): ThemeColor[] => [
  new ThemeColor({ name, variable: `--${variable}`, value: base, editable: true }),
  new ThemeColor({ name: `${name} dark`, variable: `--${variable}-dark`, value: dark, editable: true }),
  ...(["light", "lighter", "lightest"] as const).map(
    (step, i) =>
      new ThemeColor({ name: `${name} ${step}`, variable: `--${variable}-${step}`, value: light[i]!, editable: true })
  )
]

/** The theme of an organisation that has none of its own: white background, black primary, yellow accent. */
export const defaultTheme: Theme = new Theme({
  url: null,
  colors: [
    new ThemeColor({ name: "Background", variable: "--background", value: "#ffffff", editable: true }),
    new ThemeColor({ name: "Primary", variable: "--primary", value: "#000000", editable: true }),
    new ThemeColor({ name: "Accent", variable: "--accent", value: "#ffd200", editable: true }),
    ...shades("Success", "success", "#2e7d32", "#1b5e20", ["#66bb6a", "#a5d6a7", "#e8f5e9"]),
    ...shades("Warning", "warning", "#ed6c02", "#b34f00", ["#ffa726", "#ffcc80", "#fff3e0"]),
    ...shades("Error", "error", "#d32f2f", "#9a0007", ["#ef5350", "#ef9a9a", "#ffebee"]),
    ...shades("Info", "info", "#0288d1", "#01579b", ["#29b6f6", "#81d4fa", "#e1f5fe"])
  ],
  printColors: [
    new ThemeColor({ name: "Print primary", variable: "--print-primary", value: "#000000", editable: true })
  ],
  loginColors: [
    new ThemeColor({ name: "Login background", variable: "--login-background", value: "#ffffff", editable: true })
  ],
  appTitle: "Tawreed",
  favIcon: null,
  appLogo: null,
  footerLogo: null,
  miniLogo: null,
  login: { loginLogo: null, heading: "Tawreed", subHeading: "", additionalText: "", titleLogo: null },
  flags: {}
})

/** `GET themes/...`: a theme with the organisation it belongs to; the default theme belongs to none. */
export class OrgTheme extends Schema.Class<OrgTheme>("OrgTheme")({
  orgCode: Schema.NullOr(Schema.String),
  theme: Theme
}) {}
