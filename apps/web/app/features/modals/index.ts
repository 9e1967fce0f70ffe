export {
  openModal,
  searchWithModal,
  searchWithoutModal,
  hrefWithModal,
  modalToCarry,
  MODAL_PARAM,
  KEEP_MODALS_PARAM,
} from './modal-url.ts';
export type { ModalName, ModalAudience } from './modal-url.ts';
