#include "document/DocumentEditor.h"

#include "document/SceneEdits.h"

namespace impactlab::ui {

QString DocumentEditor::formatValue(const QString& /*id*/, double siValue) const { return formatHistoryValue(siValue); }

const SceneParameter* DocumentEditor::findParameter(const std::string& id) const {
    for (const SceneParameter& p : parameters())
        if (p.id == id) return &p;
    return nullptr;
}

QString DocumentEditor::sceneName() const {
    const nlohmann::json& doc = document();
    const auto it = doc.find("name");
    return it != doc.end() && it->is_string() ? QString::fromStdString(it->get<std::string>()) : QString("untitled");
}

}  // namespace impactlab::ui
