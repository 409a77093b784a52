import { SvgIcon, type IconProps } from '../../lib/svg-icon';

// Icons of the admin console, drawn into the shared SvgIcon frame (decorative; the text beside them carries meaning).
export const AlertIcon = (p: IconProps) => (
  <SvgIcon {...p}>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 8v4M12 16h.01" />
  </SvgIcon>
);
export const InboxIcon = (p: IconProps) => (
  <SvgIcon {...p}>
    <path d="M22 12h-6l-2 3h-4l-2-3H2" />
    <path d="M5.45 5.11 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.45-6.89A2 2 0 0 0 16.76 4H7.24a2 2 0 0 0-1.79 1.11z" />
  </SvgIcon>
);
export const PaperclipIcon = (p: IconProps) => (
  <SvgIcon {...p}>
    <path d="m21.44 11.05-9.19 9.19a6 6 0 0 1-8.49-8.49l8.57-8.57A4 4 0 1 1 18 8.84l-8.59 8.57a2 2 0 0 1-2.83-2.83l8.49-8.48" />
  </SvgIcon>
);
export const ReplyIcon = (p: IconProps) => (
  <SvgIcon {...p}>
    <path d="M9 17 4 12l5-5" />
    <path d="M20 18v-2a4 4 0 0 0-4-4H4" />
  </SvgIcon>
);
export const DownloadIcon = (p: IconProps) => (
  <SvgIcon {...p}>
    <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4" />
    <path d="m7 10 5 5 5-5" />
    <path d="M12 15V3" />
  </SvgIcon>
);
