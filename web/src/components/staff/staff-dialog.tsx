/**
 * The modal dialog of the staff screens (a history, a create form, a confirmation): the native <dialog> opened with
 * showModal on mount, so focus trap, Escape and the inert background come from the browser; a heading that names it
 * and a close button. The host mounts it to open it and unmounts it in `onClose` (Escape, the close button, or the
 * host's own `close()` via the form's `method="dialog"`). Styles in ./staff.css (`.staff-dialog`).
 *
 *   {open ? <StaffDialog title="New page" closeLabel="Close" onClose={() => setOpen(false)}>...</StaffDialog> : null}
 */
import { X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import './staff.css';

interface StaffDialogProps {
  title: string;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
  /** 'wide' for a timeline or a table, default a form's width. */
  size?: 'form' | 'wide';
  /** The dialog's role: 'alertdialog' for a confirmation. */
  role?: 'dialog' | 'alertdialog';
}

export function StaffDialog({ title, closeLabel, onClose, children, size = 'form', role }: StaffDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog ref={ref} className={`dialog staff-dialog staff-dialog--${size}`} role={role} aria-labelledby={titleId} onClose={onClose}>
      <div className="staff-dialog__head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-button" onClick={() => ref.current?.close()} aria-label={closeLabel}>
          <X size={18} aria-hidden="true" />
        </button>
      </div>
      {children}
    </dialog>
  );
}
