import { isSupportedCurrency } from "@onstage/domain";

/** The currencies tickets and contributions take (counted in cents, spec 1 §9), named for a select. */
export function currencyOptions(): { value: string; label: string }[] {
  const names = new Intl.DisplayNames(["en"], { type: "currency" });
  return Intl.supportedValuesOf("currency")
    .filter(isSupportedCurrency)
    .map((code) => ({ value: code, label: `${code} – ${names.of(code) ?? code}` }));
}
