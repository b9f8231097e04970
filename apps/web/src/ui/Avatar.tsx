import "./Avatar.css";

export interface AvatarProps {
  name: string;
  src: string | null;
  size?: "sm" | "md" | "lg";
}

/** Decorative: the name always sits next to it, so it is hidden from assistive technology. */
export function Avatar({ name, src, size = "md" }: AvatarProps) {
  const initials = name
    .split(/\s+/)
    .map((word) => word.charAt(0))
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return (
    <span className={`avatar avatar--${size}`} aria-hidden="true">
      {src ? <img src={src} alt="" className="avatar__image" /> : initials}
    </span>
  );
}
