"""The forms of the import pages: the upload of a tournament workbook or of one game's sheet,
and the apply step under the preview."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from sheets.errors import WorkbookRefused
from sheets.xlsx.safety import Limits, check_size


class UploadForm(forms.Form):
    file = forms.FileField(
        label=_("Workbook (.xlsx)"),
        help_text=_("The tournament workbook exported from this site, filled in."),
    )

    def clean_file(self) -> bytes:
        upload = self.cleaned_data["file"]
        limits = Limits.default()
        try:
            check_size(upload.size or 0, limits)
        except WorkbookRefused as err:
            raise forms.ValidationError(err.message, code=err.code) from None
        data = upload.read(limits.max_bytes + 1)
        try:
            check_size(len(data), limits)
        except WorkbookRefused as err:
            raise forms.ValidationError(err.message, code=err.code) from None
        return data


class ApplyForm(forms.Form):
    """The apply step of an upload: the kept file's token and the digest of the changes seen."""

    token = forms.CharField(widget=forms.HiddenInput)
    digest = forms.CharField(widget=forms.HiddenInput)

    @classmethod
    def for_preview(cls, *, token: str, digest: str, repeat: bool) -> ApplyForm:
        """The form under a preview (``repeat``: the file holds a game the site has already,
        which only a paper game's form asks about)."""
        return cls(initial={"token": token, "digest": digest})


class PaperApplyForm(ApplyForm):
    """The apply step of a paper game's sheet: a game the site has already (the same sheet
    uploaded twice, most likely) is recorded again only when the arbiter says so."""

    again = forms.BooleanField(
        required=False,
        label=_("It is another game with the same moves: record it again"),
    )

    def __init__(self, *args: object, repeat: bool = True, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        if not repeat:
            self.fields["again"].widget = forms.HiddenInput()

    @classmethod
    def for_preview(cls, *, token: str, digest: str, repeat: bool) -> ApplyForm:
        return cls(initial={"token": token, "digest": digest}, repeat=repeat)


class SheetUploadForm(UploadForm):
    """One game's board sheet (an exported score sheet, or a blank one filled in)."""

    file = forms.FileField(
        label=_("Score sheet (.xlsx)"),
        help_text=_(
            "A board sheet of one game: the board, the players and the winner, with or "
            "without the move list."
        ),
    )
