#pragma once
// What shows an open scene document and applies its edits: the page of the
// document's kind (pages/ScenePage.h). The document controller
// (DocumentController.h) knows the page only through this interface, so the
// document, its file and its edit history are handled, and tested, without
// widgets.
//
// The editor holds the document's values while it is open: every edit goes
// through setParameter / setChoice / setComparedLaws (the panel's own edits
// lead there too), and document() returns it with every edit applied.
#include <QString>
#include <QStringList>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "scene/Scene.h"

namespace impactlab::ui {

class DocumentEditor {
public:
    virtual ~DocumentEditor() = default;

    // Shows `document` (its kind is this editor's). Throws InputError naming
    // the field; on a throw the editor keeps what it showed.
    virtual void openDocument(const nlohmann::json& document) = 0;
    // The open document with every edit applied.
    virtual const nlohmann::json& document() const = 0;
    // The sliders and choices of the open scene, with their current values.
    virtual const std::vector<SceneParameter>& parameters() const = 0;
    // Edits as the panel makes them; an invalid value is reported by the
    // editor and leaves the document as it was.
    virtual void setParameter(const QString& id, double siValue) = 0;
    virtual void setChoice(const QString& id, const QString& choice) = 0;
    // Laws compared with the scene's own (empty for kinds that compare none).
    virtual QStringList comparedLaws() const { return {}; }
    virtual void setComparedLaws(const QStringList& /*ids*/) {}
    // Marks the parameters that change nothing in the scene's current mode (a
    // parameter's "applies_when"); after every edit and every open.
    virtual void updateParameterModes() {}
    // A value as the editor shows it (display unit, its digits), for the edit
    // history; by default the SI value with kHistoryDigits.
    virtual QString formatValue(const QString& id, double siValue) const;

    const SceneParameter* findParameter(const std::string& id) const;
    // The document's "name", or "untitled".
    QString sceneName() const;
};

}  // namespace impactlab::ui
