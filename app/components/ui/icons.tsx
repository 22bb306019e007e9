import spriteHref from './icons.svg?no-inline';

export interface IconProps {
  className?: string;
  /** Icons are decoration: always hidden from assistive technology (the control around one is labelled). */
  'aria-hidden'?: boolean | 'true';
}
export type IconComponent = (props: IconProps) => React.JSX.Element;

/**
 * A lucide icon drawn from one sprite file (icons.svg, written by `npm run icons` from the names below):
 * two elements per icon in the HTML instead of lucide's inline paths, and no icon code in the browser.
 * Stroke and size come from the `icon` class (app.css).
 */
function icon(name: string): IconComponent {
  const href = `${spriteHref}#${name}`;
  return function SpriteIcon({ className }: IconProps) {
    return (
      <svg className={className ? `icon ${className}` : 'icon'} aria-hidden="true">
        <use href={href} />
      </svg>
    );
  };
}

export const AlertTriangle = icon('triangle-exclamation-point');
export const Apple = icon('apple');
export const Armchair = icon('armchair');
export const ArrowLeft = icon('arrow-left');
export const ArrowRight = icon('arrow-right');
export const ArrowUpToLine = icon('arrow-up-to-line');
export const Baby = icon('baby');
export const BadgeCheck = icon('badge-check');
export const Ban = icon('ban');
export const Banknote = icon('banknote');
export const Bell = icon('bell');
export const Bold = icon('letter-b');
export const BookOpen = icon('book-open');
export const Briefcase = icon('briefcase');
export const Building2 = icon('building-complex');
export const CalendarDays = icon('calendar-days');
export const Camera = icon('camera');
export const Car = icon('car');
export const Check = icon('check');
export const CheckCircle2 = icon('circle-check');
export const ChevronDown = icon('chevron-down');
export const ChevronLeft = icon('chevron-left');
export const ChevronRight = icon('chevron-right');
export const Clock = icon('clock');
export const Copy = icon('copy');
export const CreditCard = icon('credit-card');
export const Crosshair = icon('crosshair');
export const Crown = icon('crown');
export const Dumbbell = icon('dumbbell');
export const Eye = icon('eye');
export const EyeOff = icon('eye-off');
export const FileText = icon('file-text');
export const Flag = icon('flag');
export const Gauge = icon('gauge');
export const Globe = icon('globe');
export const GripVertical = icon('grip-vertical');
export const Handshake = icon('handshake');
export const Heading2 = icon('heading-2');
export const Heading3 = icon('heading-3');
export const Heart = icon('heart');
export const HelpCircle = icon('circle-question-mark');
export const Home = icon('house');
export const ImagePlus = icon('image-plus');
export const ImageUp = icon('image-up');
export const Info = icon('info');
export const Italic = icon('italic');
export const KeyRound = icon('key-round');
export const Landmark = icon('landmark');
export const LayoutGrid = icon('layout-grid');
export const Link2 = icon('link');
export const List = icon('list');
export const ListOrdered = icon('list-ordered');
export const Loader2 = icon('loader-circle');
export const Lock = icon('lock');
export const LogIn = icon('log-in');
export const LogOut = icon('log-out');
export const Mail = icon('mail');
export const MailCheck = icon('mail-check');
export const MapIcon = icon('map');
export const MapPin = icon('map-pin');
export const Megaphone = icon('megaphone');
export const Menu = icon('menu');
export const MessageCircle = icon('message-circle');
export const MessageSquareCode = icon('message-square-code');
export const Moon = icon('moon');
export const Newspaper = icon('newspaper');
export const PackagePlus = icon('package-plus');
export const PawPrint = icon('paw-print');
export const Pencil = icon('pencil');
export const Phone = icon('phone');
export const Plus = icon('plus');
export const Printer = icon('printer');
export const Receipt = icon('receipt');
export const Redo2 = icon('redo-2');
export const RefreshCw = icon('refresh-cw');
export const Refrigerator = icon('refrigerator');
export const RotateCcw = icon('rotate-ccw');
export const Search = icon('search');
export const SearchX = icon('search-x');
export const Send = icon('send');
export const Settings = icon('settings');
export const Share2 = icon('share-2');
export const ShieldAlert = icon('shield-exclamation-point');
export const ShieldCheck = icon('shield-check');
export const Shirt = icon('shirt');
export const SlidersHorizontal = icon('sliders-horizontal');
export const Smartphone = icon('smartphone');
export const Sofa = icon('sofa');
export const Sparkles = icon('sparkles');
export const Star = icon('star');
export const Store = icon('store');
export const Sun = icon('sun');
export const Tag = icon('tag');
export const TicketPercent = icon('ticket-percent');
export const TextQuote = icon('text-quote');
export const Trash2 = icon('trash');
export const Tv = icon('tv');
export const Underline = icon('underline');
export const Undo2 = icon('undo-2');
export const Unlink = icon('unlink');
export const User = icon('user');
export const UserCheck = icon('user-check');
export const UserCog = icon('user-cog');
export const UserPlus = icon('user-plus');
export const UserRound = icon('user-round');
export const Users = icon('users');
export const UserX = icon('user-x');
export const Video = icon('video');
export const Wallet = icon('wallet');
export const WifiOff = icon('wifi-off');
export const Wrench = icon('wrench');
export const X = icon('x');
export const XCircle = icon('circle-x');
export const ZoomIn = icon('zoom-in');
