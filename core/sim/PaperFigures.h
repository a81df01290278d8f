#pragma once
// The figure catalogue: every figure and table of the five
// papers that ImpactLab draws, as a preset of a built-in scene (its file
// stem), parameter settings, an overlay, the page view that shows it, the
// paper's caption (in our words) and what ImpactLab does differently. The
// catalogue is data, resources/figures.json, compiled into the library; the
// CLI lists and writes figures from it, the app's Help > Paper figures opens
// them. Ids follow the papers' numbering: "plus-fig8", "cataldo-sampaio-fig3.22".
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace impactlab {

enum class PaperFigureKind {
    Chart,   // curves on axes
    Table,   // rows and columns, drawn as a table
};

struct PaperFigure {
    std::string id;            // "jia-wang-fig7"
    std::string paper;         // a PaperFigurePaper id: "jia-wang"
    std::string title;         // short, for menus
    std::string scene;         // built-in scene file stem: "impact-icosahedron-tetrahedron"
    std::string view;          // the page view's name (PageView::name): "hodograph"
    PaperFigureKind kind = PaperFigureKind::Chart;
    std::string caption;       // what the paper's figure shows
    std::string differences;   // what ImpactLab draws differently; empty when nothing
    // Parameter id -> number or choice name; a key starting with '/' is a
    // JSON pointer to a field no slider sets (a granular run's end time).
    nlohmann::json set = nlohmann::json::object();
    std::vector<std::string> compare;                // the document's "compare" laws; empty: the scene's own
    nlohmann::json overlay;                          // the document's "overlay" field, or null
    nlohmann::json full = nlohmann::json::object();  // settings for the paper's size (--full), applied after `set`
};

struct PaperFigurePaper {
    std::string id;      // "plus"
    std::string title;   // "Uchida, Sherman & Delp (2015): ..."
};

// The papers in menu order, and every figure in catalogue order (by paper,
// then by the papers' numbering).
const std::vector<PaperFigurePaper>& listFigurePapers();
const std::vector<PaperFigure>& listPaperFigures();
// nullptr for an id the catalogue lacks.
const PaperFigure* findPaperFigure(std::string_view id);

// What `impactlab-cli figure --list` prints: [{"id", "paper", "title",
// "scene", "caption"}], plus "view", "kind" and "differences".
nlohmann::ordered_json listPaperFiguresJson();

// `document` (the figure's scene) set up as the figure shows it: each of
// `set` applied as `--set` applies it (a number at the parameter's target, a
// choice by name), then the compared laws and the overlay. Throws InputError naming
// "figures.<id>.set.<parameter>" when the scene lacks a parameter.
nlohmann::json applyPaperFigure(const nlohmann::json& document, const PaperFigure& figure);

}  // namespace impactlab
