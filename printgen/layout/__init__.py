"""Pure geometry in millimetres: units, paper and card sizes, imposition, marks."""
