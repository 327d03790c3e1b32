/**
 * Logical properties only (STYLE.md): physical left and right do not mirror in Arabic. `stylelint-use-logical`
 * refuses `margin-left`, `left:`, `text-align: left`, `float: right` and the like, and names the logical property
 * to use. Block-axis and size properties (top, height, …) are left to taste: they do not change with direction.
 */
export default {
  plugins: ["stylelint-use-logical"],
  rules: {
    "csstools/use-logical": [
      "always",
      {
        except: [
          "top",
          "bottom",
          "width",
          "height",
          "min-width",
          "min-height",
          "max-width",
          "max-height",
          /^margin-(top|bottom)$/,
          /^padding-(top|bottom)$/,
          /^border-(top|bottom)/
        ]
      }
    ]
  }
}
