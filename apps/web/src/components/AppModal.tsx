import { Modal, type ModalProps } from '@mantine/core';
import { DialogError } from './DialogError';

/** The portal's modal dialog: Mantine's, with the dialog's own errors under its content (DialogError). */
export const AppModal = ({ children, ...props }: ModalProps) => (
  <Modal {...props}>
    {children}
    <DialogError />
  </Modal>
);
