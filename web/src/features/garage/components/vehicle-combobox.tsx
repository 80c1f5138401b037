/**
 * One step of the vehicle picker (docs/architecture.md "Vehicle fitment": make -> model -> generation or year, "typing to filter
 * each list"): a WAI-ARIA combobox with a listbox popup, the pattern of the header's search box
 * (components/layout/search-box.tsx). The input (labelled with the step's name: Mark / Mudel / Põlvkond või aasta)
 * filters the options by what is typed (case-insensitive, anywhere in the name; an exact name first, then names
 * starting with it); ArrowDown/ArrowUp move (wrapping),
 * Enter chooses the active option, or the first match when none is active, Escape closes the list (a second Escape
 * closes the dialog), a mouse press chooses; a click on the input opens the whole list. The list is a popup over
 * what follows (nothing moves under the pointer when it closes). At most MAX_SHOWN matches are drawn.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/translation';

export interface ComboOption {
  value: string;
  /** What the list shows and typing matches. */
  label: string;
}

const MAX_SHOWN = 200;

interface VehicleComboboxProps {
  label: string;
  options: ComboOption[];
  /** The chosen option's value, or '' for none. */
  value: string;
  onChoose: (option: ComboOption) => void;
  disabled?: boolean;
  /** Shown in the list while the options load. */
  loading?: boolean;
  /** Focus the input when it becomes enabled (the next step after a choice). */
  autoFocus?: boolean;
}

export function VehicleCombobox({ label, options, value, onChoose, disabled, loading, autoFocus }: VehicleComboboxProps) {
  const { t } = useTranslation('shop');
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const chosen = options.find((o) => o.value === value);
  const [text, setText] = useState(chosen?.label ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => setText(chosen?.label ?? ''), [chosen?.label]);
  useEffect(() => {
    if (autoFocus && !disabled) inputRef.current?.focus();
  }, [autoFocus, disabled]);

  const matches = useMemo(() => {
    const needle = text.trim().toLowerCase();
    if (!needle || text === chosen?.label) return options.slice(0, MAX_SHOWN);
    // An exact name first, then names starting with the text, then the rest containing it (each in the api's order).
    const rank = (o: ComboOption) => {
      const name = o.label.toLowerCase();
      return name === needle ? 0 : name.startsWith(needle) ? 1 : name.includes(needle) ? 2 : 3;
    };
    return options
      .map((o) => ({ o, r: rank(o) }))
      .filter((x) => x.r < 3)
      .sort((a, b) => a.r - b.r)
      .slice(0, MAX_SHOWN)
      .map((x) => x.o);
  }, [options, text, chosen?.label]);

  const choose = (option: ComboOption) => {
    setOpen(false);
    setActive(-1);
    setText(option.label);
    onChoose(option);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = matches.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (count === 0) return;
      const down = event.key === 'ArrowDown';
      setOpen(true);
      setActive((i) => (!open || i < 0 ? (down ? 0 : count - 1) : (i + (down ? 1 : count - 1)) % count));
    } else if (event.key === 'Escape' && open) {
      event.preventDefault(); // closes the list, not the dialog
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = matches[active >= 0 ? active : 0];
      if (option && (open || text !== chosen?.label)) choose(option);
    }
  };

  return (
    <div className="vehicle-combobox">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        type="text"
        value={text}
        disabled={disabled}
        placeholder={t('fitment.typeToFilter')}
        autoComplete="off"
        spellCheck={false}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
        }}
      />
      <ul id={listId} role="listbox" aria-label={label} className="vehicle-combobox__list" hidden={!open || disabled}>
        {open && loading && <li role="option" aria-selected={false} aria-disabled="true" className="vehicle-combobox__note">{t('fitment.loading')}</li>}
        {open && !loading && matches.length === 0 && <li role="option" aria-selected={false} aria-disabled="true" className="vehicle-combobox__note">{t('fitment.noMatch')}</li>}
        {open &&
          matches.map((o, i) => (
            <li
              key={o.value}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className="vehicle-combobox__option"
              // mousedown, not click: the input's blur would close the list first.
              onMouseDown={(e) => {
                e.preventDefault();
                choose(o);
              }}
            >
              {o.label}
            </li>
          ))}
      </ul>
    </div>
  );
}
