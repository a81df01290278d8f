#pragma once
// Parameter overlays: one scene parameter at several
// values, drawn together in every view, one series per value.
//
//   "overlay": {"parameter": "friction", "values": [0.125, 0.225, 0.325]}
//
// A top-level field every scene kind accepts (docs/scene-format.md). The
// parameter is one of the document's own `parameters`; its values are numbers
// within the parameter's [min, max] (on its steps when it has a step) for a
// numeric parameter, or some of its choices for a choice parameter; between
// kMinOverlayValues and kMaxOverlayValues of them, no two alike.
//
// The overlay leaves the document's own value of the parameter alone: the
// document without its overlay is the "base" case, shown as today (the 3D
// view, the summary); each overlay value is a case of its own, the document
// with the parameter set to that value through the parameter's setter
// (setParameterInDocument / setChoiceInDocument, the path of a slider and of
// the CLI's --set) and without the overlay.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "mechanics/Types.h"
#include "scene/Scene.h"

namespace impactlab {

inline constexpr const char* kOverlayKey = "overlay";
// Fewer than two values overlay nothing; more than eight would need more
// colours than the views' palette tells apart (ui FigureView: Okabe-Ito, 8).
inline constexpr std::size_t kMinOverlayValues = 2;
inline constexpr std::size_t kMaxOverlayValues = 8;
// A numeric value of a stepped parameter is on its steps when it lies within
// this share of a step of min + k step: the rounding of a value typed in
// decimal (0.1 steps of 0.1 are not exact in binary), far below any step.
inline constexpr double kOverlayStepRelTol = 1e-9;
// Significant digits of a value in an overlay's label ("friction = 0.125").
inline constexpr int kOverlayLabelDigits = 4;

struct SceneOverlay {
    std::string parameter;                          // a parameter id of the document
    SceneParameter::Kind kind = SceneParameter::Kind::Number;
    std::vector<double> numbers;                    // Number: SI values
    std::vector<std::string> choices;               // Choice: some of its choices

    std::size_t getValueCount() const { return kind == SceneParameter::Kind::Number ? numbers.size() : choices.size(); }
    // The "overlay" field as written in the document.
    nlohmann::json toJson() const;
    bool operator==(const SceneOverlay& o) const {
        return parameter == o.parameter && kind == o.kind && numbers == o.numbers && choices == o.choices;
    }
};

// One value of an overlay: its label ("friction = 0.125", in the unit the
// app shows: degrees for radians) and the document of that value.
struct OverlayCase {
    std::string label;
    nlohmann::json document;
};

// The document's "overlay", validated against its `parameters` (what
// parseSceneParameters read); nullopt when it has none. Throws InputError
// naming the field: "overlay.parameter", "overlay.values", "overlay.values[1]".
// Every scene reader calls it (through parseSceneParameters).
std::optional<SceneOverlay> readSceneOverlay(const nlohmann::json& document, const std::vector<SceneParameter>& parameters);

// `document` with `overlay` set (validated as a document's would be, InputError
// naming "overlay...") or, for nullopt, without one.
nlohmann::json setSceneOverlay(const nlohmann::json& document, const std::optional<SceneOverlay>& overlay);

// One case per overlay value (none when the document has no overlay), each
// document with the parameter at that value and no overlay. Throws InputError
// as readSceneOverlay does.
std::vector<OverlayCase> expandSceneOverlay(const nlohmann::json& document);

// A value's label: "<id> = <value>[ unit]" (radians shown in degrees).
std::string makeOverlayLabel(const SceneParameter& parameter, double siValue);
std::string makeOverlayLabel(const SceneParameter& parameter, const std::string& choice);

// Each case read by its kind's reader; a refusal is reported as the overlay
// value's: InputError("overlay.values[i]", "<label> gives a scene the reader
// refuses: <field>: <reason>").
template <class Read>
auto readOverlayCases(const std::vector<OverlayCase>& cases, Read&& read) {
    std::vector<decltype(read(cases.front().document))> out;
    out.reserve(cases.size());
    for (std::size_t i = 0; i < cases.size(); ++i) {
        try {
            out.push_back(read(cases[i].document));
        } catch (const InputError& e) {
            throw InputError("overlay.values[" + std::to_string(i) + "]",
                             cases[i].label + " gives a scene the reader refuses: " + e.what());
        }
    }
    return out;
}

}  // namespace impactlab
