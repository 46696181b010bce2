"""What makes a file PDF/X besides its colours: the OutputIntent with the embedded ICC
profile, the document info keys, and for PDF/X-4 the XMP metadata ISO 15930-7 asks for.

PDF/X-4 (based on PDF 1.6) needs in its XMP: `pdfxid:GTS_PDFXVersion`, the dates, `pdf:Trapped`
and the document's identifiers `xmpMM:DocumentID`, `xmpMM:VersionID` and
`xmpMM:RenditionClass`. The document id is made from what the file is made from (the RGB
file and the title), so the same input gives the same bytes; `VersionID` is 1 (printgen
writes each file whole, never an edited version of it) and the rendition the `default` one.
"""

from __future__ import annotations

import hashlib

import pikepdf

from printgen.render.shop.presets import PdfSettings
from printgen.render.text.xml_text import escape

FIXED_DATE = "D:20000101000000Z"
"""PDF/X requires creation and modification dates; fixed ones keep the bytes reproducible."""
XMP_DATE = "2000-01-01T00:00:00Z"
PDF_VERSION = {"PDF/X-1a:2001": "1.3", "PDF/X-1a:2003": "1.4", "PDF/X-4": "1.6"}
"""The PDF version each standard is based on (and the most a file of it may declare)."""


def document_id(source: bytes, title: str) -> str:
    """A UUID-shaped id that follows from the file's source and title."""
    digest = hashlib.sha256(source + title.encode("utf-8")).hexdigest()
    return f"uuid:{digest[:8]}-{digest[8:12]}-{digest[12:16]}-{digest[16:20]}-{digest[20:32]}"


def mark_pdfx(
    pdf: pikepdf.Pdf, settings: PdfSettings, title: str, profile: bytes, doc_id: str
) -> None:
    """The OutputIntent, the info dictionary and (PDF/X-4) the XMP metadata."""
    icc = pdf.make_stream(profile)
    icc.N = 4
    intent = pikepdf.Dictionary(
        Type=pikepdf.Name.OutputIntent,
        S=pikepdf.Name.GTS_PDFX,
        OutputConditionIdentifier=pikepdf.String(settings.profile.condition),
        OutputCondition=pikepdf.String(settings.profile.info),
        Info=pikepdf.String(settings.profile.info),
        RegistryName=pikepdf.String("http://www.color.org"),
        DestOutputProfile=icc,
    )
    pdf.Root.OutputIntents = pikepdf.Array([pdf.make_indirect(intent)])
    info = pdf.docinfo
    info.Title = pikepdf.String(title)
    info.GTS_PDFXVersion = pikepdf.String(settings.standard)
    if settings.standard == "PDF/X-1a:2001":
        info.GTS_PDFXConformance = pikepdf.String("PDF/X-1a:2001")
    info.Trapped = pikepdf.Name("/False")
    info.CreationDate = pikepdf.String(FIXED_DATE)
    info.ModDate = pikepdf.String(FIXED_DATE)
    if not settings.flattened:
        stream = pdf.make_stream(xmp(settings.standard, title, doc_id).encode("utf-8"))
        stream.Type = pikepdf.Name.Metadata
        stream.Subtype = pikepdf.Name.XML
        pdf.Root.Metadata = stream


def xmp(standard: str, title: str, doc_id: str) -> str:
    """The XMP packet of a PDF/X-4 file."""
    return f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{escape(title)}</rdf:li></rdf:Alt></dc:title>
   <xmp:CreateDate>{XMP_DATE}</xmp:CreateDate>
   <xmp:ModifyDate>{XMP_DATE}</xmp:ModifyDate>
   <xmp:MetadataDate>{XMP_DATE}</xmp:MetadataDate>
   <xmp:CreatorTool>printgen</xmp:CreatorTool>
   <xmpMM:DocumentID>{doc_id}</xmpMM:DocumentID>
   <xmpMM:InstanceID>{doc_id}</xmpMM:InstanceID>
   <xmpMM:VersionID>1</xmpMM:VersionID>
   <xmpMM:RenditionClass>default</xmpMM:RenditionClass>
   <pdf:Producer>printgen</pdf:Producer>
   <pdf:Trapped>False</pdf:Trapped>
   <pdfxid:GTS_PDFXVersion>{standard}</pdfxid:GTS_PDFXVersion>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>"""
