import Form from 'react-bootstrap/Form';

export interface CheckboxOption<T extends string | number> {
  value: T;
  label: string;
}

interface CheckboxListProps<T extends string | number> {
  /** Prefix of each box's id, so its label stays clickable. */
  id: string;
  options: readonly CheckboxOption<T>[];
  chosen: readonly T[];
  onChange: (chosen: T[]) => void;
  /** Shown in place of the boxes when there is nothing to choose. */
  empty: string;
  invalid?: boolean;
  /** The boxes side by side. */
  inline?: boolean;
  className?: string;
}

/** A list of checkboxes that edits the set of chosen values, in the order they were ticked. */
export function CheckboxList<T extends string | number>({
  id,
  options,
  chosen,
  onChange,
  empty,
  invalid = false,
  inline = false,
  className = 'editor-checkboxes',
}: CheckboxListProps<T>) {
  if (options.length === 0) return <p className="text-body-secondary mb-0">{empty}</p>;
  return (
    <div className={`${className}${invalid ? ' is-invalid' : ''}`}>
      {options.map((option) => (
        <Form.Check
          key={option.value}
          type="checkbox"
          inline={inline}
          id={`${id}-${option.value}`}
          label={option.label}
          checked={chosen.includes(option.value)}
          onChange={(event) =>
            onChange(
              event.target.checked
                ? [...chosen, option.value]
                : chosen.filter((item) => item !== option.value),
            )
          }
        />
      ))}
    </div>
  );
}
