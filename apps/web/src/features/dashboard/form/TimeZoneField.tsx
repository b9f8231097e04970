import { useMemo } from "react";
import { timeZoneNames } from "../zonedTime";
import { SelectField } from "./SelectField";

/** Every IANA zone the browser knows (Intl.supportedValuesOf), by name. */
export function TimeZoneField({ value, onChange }: { value: string; onChange: (zone: string) => void }) {
  const options = useMemo(
    () => timeZoneNames(value).map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") })),
    [value],
  );
  return (
    <SelectField
      label="Time zone"
      value={value}
      options={options}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
