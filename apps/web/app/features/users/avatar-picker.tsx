import { avatarRules, type ManagedUser } from "@aurumwire/shared/user-management";
import { userInitials } from "@aurumwire/shared/users";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { useUploadAvatar } from "../../api/users";
import { errorMessage } from "../../lib/error-text";

/**
 * The edit dialog's avatar: the picture (or the initials), the account's e-mail and an upload
 * button. Spec point 5: images only, under 5MB, checked here before the upload and by the server
 * again on the bytes; an upload that succeeds hands the new address to the form.
 */
export function AvatarPicker(props: {
  user: ManagedUser;
  avatarUrl: string | undefined;
  onUploaded: (avatarUrl: string) => void;
}) {
  const { user, avatarUrl, onUploaded } = props;
  const uploadAvatar = useUploadAvatar();
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (user) setAvatarError(null);
  }, [user]);

  const chooseAvatar = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setAvatarError(null);
    if (!file.type.startsWith("image/")) {
      setAvatarError(avatarRules.notAnImage);
      return;
    }
    if (file.size >= avatarRules.maxBytes) {
      setAvatarError(avatarRules.tooLarge);
      return;
    }
    try {
      const updated = await uploadAvatar.mutateAsync({ id: user.id, file });
      onUploaded(updated.avatar_url ?? "");
    } catch (caught) {
      setAvatarError(errorMessage(caught, "Failed to update user"));
    }
  };

  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 2 }}>
      <Avatar
        src={avatarUrl || undefined}
        alt=""
        sx={{ width: 64, height: 64, bgcolor: "primary.main", color: "primary.contrastText" }}
      >
        {userInitials({ firstName: user.first_name, lastName: user.last_name })}
      </Avatar>
      <Box>
        <Typography variant="subtitle1">{user.email}</Typography>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          hidden
          onChange={chooseAvatar}
          aria-label="Avatar image file"
        />
        <Button
          size="small"
          variant="outlined"
          onClick={() => fileInput.current?.click()}
          disabled={uploadAvatar.isPending}
          sx={{ mt: 0.5 }}
        >
          {uploadAvatar.isPending ? "Uploading..." : "Upload Avatar"}
        </Button>
        <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
          JPEG, PNG, GIF or WebP, less than 5MB
        </Typography>
        {avatarError && (
          <Typography variant="caption" color="error" role="alert" sx={{ display: "block" }}>
            {avatarError}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
